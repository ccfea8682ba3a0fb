import Foundation
import HeraldCore
import HeraldDaemon
import HeraldWire
import Testing
import TestSupport
@testable import HeraldBroker

/// A broker post that would make a new app past the center's app limit is rejected with the
/// sentence that names the limit (the log says so; a publisher cannot be answered), the apps the
/// center has are served as before, and the door keeps taking posts. A real mosquitto, the real
/// door, server and engine.
@Suite(.skipped(because: MosquittoBroker.unavailableReason)) struct BrokerAppLimitTests {
    @Test func aPostForANewAppPastTheLimitIsRejectedNamingIt() async throws {
        let broker = try await MosquittoBroker.started()
        defer { broker.stop() }
        let directory = try TemporaryDirectory("herald-broker-apps")
        defer { directory.remove() }
        var engineConfiguration = EngineConfiguration()
        engineConfiguration.appLimit = 2
        let engine = try NotificationEngine(store: InMemoryStore(), clock: SystemClock(), prompter: nil,
                                            attachmentsDirectory: directory.url.appendingPathComponent("attachments"),
                                            configuration: engineConfiguration)
        let backend = try EngineBackend(engine: engine, commandsFile: nil)
        let server = IPCServer(socketPath: directory.path + "/herald.sock", backend: backend)
        try await server.start()
        defer { server.stop() }

        let log = LogLines()
        let settings = try BrokerSettings.resolve(url: broker.url(), environment: [:])
        let door = try await BrokerDoor.open(settings: settings, device: "apps-test", stateDirectory: directory.url,
                                             engine: engine, postLimiter: server.postLimiter, eventLoop: server.eventLoop,
                                             log: { log.append($0) })
        defer { door.close() }
        try await log.wait(for: "Broker: connected")
        let publisher = try await BrokerPublisher.connect(settings: settings, sender: "ci")
        defer { publisher.close() }

        for app in ["one", "two", "three"] { try await publisher.post(BrokerRateLimitTests.post(app, 0)) }
        try await publisher.post(BrokerRateLimitTests.post("one", 1))
        try await log.wait(for: "rejected")
        let deadline = Date().addingTimeInterval(30)
        var titles: [String] = []
        while titles.count < 3 && Date() < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
            titles = try await engine.history(HistoryQuery(limit: 100)).map(\.request.content.title)
        }
        #expect(titles.sorted() == ["one 0", "one 1", "two 0"], "\(log.all)")
        #expect(log.count("post three-0 from ci rejected: the center already has 2 apps, its limit") == 1, "\(log.all)")
        #expect(try await engine.apps().map(\.bundleIdentifier).sorted() == ["one", "two"])
    }
}
