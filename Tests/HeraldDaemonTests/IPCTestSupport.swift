import Foundation
import HeraldCore
@testable import HeraldWire
@testable import HeraldClient
@testable import HeraldDaemon
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A real `NotificationEngine` (in-memory store, system clock) behind an `IPCServer` on a
/// private socket in a temporary directory. Prompts are answered "Allow" by a fake, or wait
/// for attached UIs when an `attendance` is given (as `herald daemon` does).
final class InProcessCenter: Sendable {
    let directory: TemporaryDirectory
    let engine: NotificationEngine
    let backend: EngineBackend
    let server: IPCServer
    let prompter = FakePrompter(answer: true)
    let attendance: PromptAttendance?
    private let scheduler: Task<Void, Never>

    var socketPath: String { server.socketPath }

    init(appCallTimeout: TimeInterval = 5, allowedUserID: UInt32 = getuid(), attendance: PromptAttendance? = nil,
         appLimit: Int? = nil, configure: (inout IPCServer.Configuration) -> Void = { _ in }) async throws {
        directory = try TemporaryDirectory("herald-ipc")
        self.attendance = attendance
        var engineConfiguration = EngineConfiguration(delegateTimeout: appCallTimeout)
        if let appLimit { engineConfiguration.appLimit = appLimit }
        engine = try NotificationEngine(store: InMemoryStore(), clock: SystemClock(), prompter: attendance == nil ? prompter : nil,
                                        attachmentsDirectory: directory.url.appendingPathComponent("attachments"),
                                        configuration: engineConfiguration)
        backend = try EngineBackend(engine: engine, commandsFile: nil)
        var configuration = IPCServer.Configuration()
        configuration.appCallTimeout = appCallTimeout
        configuration.allowedUserID = allowedUserID
        configuration.promptAttendance = attendance
        configure(&configuration)
        await attendance?.watch(backend)
        server = IPCServer(socketPath: directory.path + "/herald.sock", backend: backend, configuration: configuration)
        try await server.start()
        let engine = self.engine
        scheduler = Task { await engine.run() }
    }

    func cli() async throws -> IPCClient {
        try await IPCClient.connect(socketPath: socketPath, hello: ClientHello(role: .cli, client: "test"))
    }

    func ui() async throws -> RemoteCenterControl {
        try await RemoteCenterControl.connect(socketPath: socketPath, client: "test ui")
    }

    func stop() {
        scheduler.cancel()
        server.stop()
        directory.remove()
    }
}

/// Events from a stream, consumed in order, each awaited with a deadline.
final class EventWaiter: @unchecked Sendable {
    private var iterator: AsyncStream<CenterEvent>.AsyncIterator
    init(_ stream: AsyncStream<CenterEvent>) { iterator = stream.makeAsyncIterator() }

    /// The next event that matches, within `timeout` seconds.
    func next(timeout: TimeInterval = 10, where predicate: @Sendable (CenterEvent) -> Bool) async throws -> CenterEvent {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let event = try await withDeadline(deadline) { [self] in await self.iterator.next() }
            guard let event else { throw TestFailure("the event stream ended") }
            if predicate(event) { return event }
        }
        throw TestFailure("no matching event within \(timeout) s")
    }

    /// The next `.delivered` event for request `identifier`.
    func delivered(_ identifier: String, timeout: TimeInterval = 10) async throws -> DeliveredRecord {
        let event = try await next(timeout: timeout) {
            if case .delivered(let record, _) = $0 { return record.identifier == identifier }
            return false
        }
        guard case .delivered(let record, _) = event else { throw TestFailure("not a delivery") }
        return record
    }
}

/// Runs `body`, throwing when `deadline` passes first.
func withDeadline<T: Sendable>(_ deadline: Date, _ body: @escaping @Sendable () async -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { await body() }
        group.addTask {
            try? await Task.sleep(nanoseconds: UInt64(max(0, deadline.timeIntervalSinceNow) * 1_000_000_000))
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else { throw TestFailure("timed out") }
        return value
    }
}

/// Polls `condition` until it holds or `timeout` passes.
func eventually(timeout: TimeInterval = 30, _ condition: @Sendable () async -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if await condition() { return true }
        try? await Task.sleep(nanoseconds: 20_000_000)
    }
    return await condition()
}
