import Foundation
import HeraldCore
import HeraldDaemon
import HeraldWire
import Synchronization
import Testing
import TestSupport
@testable import HeraldBroker

/// The daemon's per-app post limit holds at the broker door by holding posts back: a burst past
/// it arrives whole (the broker keeps what is not yet taken), one log line names the app and the
/// limit, and the app's bucket is the one the socket and D-Bus draw from. A real mosquitto, the
/// real door, server and engine; the limiter's clock stands still, so the bucket's state is
/// exact however slow the machine is.
@Suite(.skipped(because: MosquittoBroker.unavailableReason)) struct BrokerRateLimitTests {
    static func post(_ app: String, _ n: Int) -> PostParams {
        PostParams(bundleIdentifier: app, request: RequestRecord(identifier: "\(app)-\(n)", content: ContentRecord(title: "\(app) \(n)")))
    }

    @Test func postsPastTheRateAreHeldBackNotLostAndTheBucketIsShared() async throws {
        let broker = try await MosquittoBroker.started()
        defer { broker.stop() }
        let directory = try TemporaryDirectory("herald-broker-rate")
        defer { directory.remove() }
        let log = LogLines()
        let settings = try BrokerSettings.resolve(url: broker.url(), environment: [:])
        let stopped = Date(timeIntervalSince1970: 1_800_000_000)
        let stack = try await BrokerDoorStack.open(settings: settings, directory: directory.url, device: "rate-test", log: log) {
            $0.postRate = RateLimit(perSecond: 20, burst: 3)
            $0.now = { stopped }   // no token comes back by itself
        }
        defer { stack.close() }
        let engine = stack.engine, server = stack.server
        try await log.wait(for: "Broker: connected")
        let publisher = try await BrokerPublisher.connect(settings: settings, sender: "ci")
        defer { publisher.close() }

        for n in 0..<6 { try await publisher.post(Self.post("flood", n)) }
        try await publisher.post(Self.post("calm", 0))
        let deadline = Date().addingTimeInterval(30)
        var titles: [String] = []
        while titles.count < 7 && Date() < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
            titles = try await engine.history(HistoryQuery(limit: 100)).map(\.request.content.title)
        }
        #expect(titles.sorted() == ["calm 0"] + (0..<6).map { "flood \($0)" }, "\(log.all)")
        #expect(log.count("Broker: flood is posting faster than its limit of 20 a second (bursts of 3); its posts are taken at that rate") == 1,
                "\(log.all)")
        #expect(log.count("rejected") == 0, "\(log.all)")
        #expect(log.count("calm is posting faster") == 0)

        // One bucket per app for every door: the broker's three posts past the burst are a debt
        // the socket (and D-Bus) see; another app's bucket is untouched.
        let limiter = try #require(server.postLimiter)
        #expect { try limiter.admit("flood") } throws: { ($0 as? PostRateLimiter.Refusal)?.app == "flood" }
        try limiter.admit("calm")
    }
}
