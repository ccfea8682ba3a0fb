import Foundation
import HeraldCore
import HeraldDaemon
import HeraldWire
import Synchronization
import TestSupport
@testable import HeraldBroker

/// What a broker door logged, for waiting on and checking.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    func count(_ text: String) -> Int { lines.withLock { $0.filter { $0.contains(text) }.count } }
    var all: [String] { lines.withLock { $0 } }

    /// Waits (`timeout` seconds at most) until `text` was logged.
    func wait(for text: String, timeout: TimeInterval = 20) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while count(text) == 0 {
            guard Date() < deadline else { throw TestFailure("never logged '\(text)': \(all)") }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
    }
}

/// The daemon's side of the broker, in process and real: an engine on `store`, the daemon's
/// server (its socket in `directory`) and the broker door on a real mosquitto, served on the
/// server's event loop as in the daemon, with the door's state (device id, journal) in `directory`.
struct BrokerDoorStack {
    let engine: NotificationEngine
    let backend: EngineBackend
    let server: IPCServer
    let door: BrokerDoor

    /// `afterStored` runs once the engine stored each of the door's posts (a seam for faults);
    /// `configure` adjusts the server's configuration (its post limit is the door's).
    static func open(settings: BrokerSettings, directory: URL, store: any NotificationStore = InMemoryStore(),
                     device: String = "door-test", log: LogLines,
                     configure: (inout IPCServer.Configuration) -> Void = { _ in },
                     afterStored: (@Sendable (PostOutcome) async -> Void)? = nil) async throws -> BrokerDoorStack {
        let engine = try NotificationEngine(store: store, clock: SystemClock(), prompter: nil,
                                            attachmentsDirectory: directory.appendingPathComponent("attachments"))
        let backend = try EngineBackend(engine: engine, commandsFile: nil)
        var configuration = IPCServer.Configuration()
        configure(&configuration)
        let server = IPCServer(socketPath: directory.path + "/herald-\(UUID().uuidString.prefix(8)).sock", backend: backend,
                               configuration: configuration)
        try await server.start()
        let door = try await BrokerDoor.open(settings: settings, device: device, stateDirectory: directory,
                                             engine: engine, postLimiter: server.postLimiter,
                                             eventLoop: server.eventLoop, afterStored: afterStored,
                                             log: { log.append($0) })
        return BrokerDoorStack(engine: engine, backend: backend, server: server, door: door)
    }

    func close() {
        door.close()
        server.stop()
    }

    /// Waits (60 s at most) until the history holds a notification with `identifier`; returns the history.
    func waitForHistory(containing identifier: String, log: LogLines) async throws -> [DeliveredRecord] {
        let deadline = Date().addingTimeInterval(60)
        while true {
            let history = try await engine.history(HistoryQuery(limit: 1000))
            if history.contains(where: { $0.identifier == identifier }) { return history }
            guard Date() < deadline else { throw TestFailure("\(identifier) never arrived: \(log.all)") }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
    }

    /// A post of one notification, as `herald post --broker` publishes it (JSON text).
    static func postLine(_ app: String, _ identifier: String, title: String? = nil) throws -> String {
        let params = PostParams(bundleIdentifier: app, request: RequestRecord(identifier: identifier,
                                                                             content: ContentRecord(title: title ?? identifier)))
        return String(decoding: try WireCoding.encode(BrokerPost(params)), as: UTF8.self)
    }
}
