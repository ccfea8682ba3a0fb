import Foundation
import HeraldCore

extension EngineHarness {
    /// An engine (its delegate time limit an hour) whose authorized app is in the foreground on a
    /// connection that holds `willPresent` until the test answers (`HeldAppConnection`).
    public static func withHeldApp() async throws -> (EngineHarness, String, HeldAppConnection) {
        let h = try await EngineHarness(configuration: EngineConfiguration(delegateTimeout: 3600))
        let app = await h.authorizedApp()
        let connection = HeldAppConnection()
        await h.engine.connect(connection, bundleIdentifier: app)
        await h.engine.setForeground(true, bundleIdentifier: app)
        return (h, app, connection)
    }

    /// Runs `delivering` (by default `fireDue`; a `moveDevice` for location triggers), runs
    /// `meanwhile` while its first delivery waits for the app's answer, then answers `answer`
    /// and returns once `delivering` is over.
    public func deliver(through connection: HeldAppConnection, answer: PresentationDecision,
                        _ delivering: (@Sendable (NotificationEngine) async -> Void)? = nil,
                        meanwhile: () async throws -> Void) async throws {
        let engine = self.engine
        let running = Task { await (delivering ?? { await $0.fireDue() })(engine) }
        await connection.waitForCall()
        try await meanwhile()
        connection.answer(answer)
        await running.value
    }
}
