import Foundation
import HeraldCore

/// A private in-process center, for a program that cannot reach the daemon: in-memory store,
/// real clock, every permission prompt answered "Allow", attachments in a temporary directory,
/// with its real-time scheduler running. Notifications never leave the program.
enum LocalSystem {
    static func make() -> any NotificationSystem {
        let attachments = FileManager.default.temporaryDirectory
            .appendingPathComponent("herald-attachments-\(ProcessInfo.processInfo.processIdentifier)")
        guard let engine = try? NotificationEngine(store: InMemoryStore(), clock: SystemClock(),
                                                   prompter: AllowingPrompter(), attachmentsDirectory: attachments)
        else { return UnavailableSystem() }
        Task.detached { await engine.run() }
        return engine
    }
}

/// Answers every permission prompt with "Allow" (the private in-process center has no UI).
struct AllowingPrompter: AuthorizationPrompter {
    func prompt(app: AppRecord, options: UNAuthorizationOptions) async -> Bool { true }
}
