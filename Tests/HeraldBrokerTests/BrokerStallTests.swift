import Foundation
import HeraldCore
import HeraldWire
import Testing
import TestSupport
@testable import HeraldBroker

/// A broker that declares a 256 MB packet and then sends a byte of it now and then holds every
/// message queued behind it. libmosquitto's keepalive does not end that while the client has
/// something to send (here: the read marks of notifications the user goes through, as
/// `P/handled/…`); the door gives up on a connection that brings no whole packet for 4 keepalive
/// intervals, and connects again — the broker then delivers what was stuck. A real mosquitto
/// behind a relay that stalls the connection.
@Suite(.skipped(because: MosquittoBroker.unavailableReason))
struct BrokerStallTests {
    @Test func aConnectionStalledPartWayThroughAPacketIsDroppedAndMadeAgain() async throws {
        let broker = try await MosquittoBroker.started()
        defer { broker.stop() }
        let proxy = try StallingProxy(to: broker.port)
        defer { proxy.stop() }
        let directory = try TemporaryDirectory("herald-broker-stall")
        defer { directory.remove() }
        let log = LogLines()
        var settings = try BrokerSettings.resolve(url: "mqtt://127.0.0.1:\(proxy.port)/\(broker.prefix)", environment: [:])
        settings.keepAlive = 5
        let stack = try await BrokerDoorStack.open(settings: settings, directory: directory.url, log: log)
        defer { stack.close() }
        try await log.wait(for: "Broker: connected")

        // Notifications for the user to read while the connection is stalled.
        let topic = "\(broker.prefix)/post/ci"
        let earlier = try (0..<90).map { try BrokerDoorStack.postLine("ci", "earlier-\($0)") }
        try await offThePool { try broker.publishLines(earlier, topic: topic) }
        let unread = try await stack.waitForHistory(containing: "earlier-89", log: log).map(\.deliveryID)

        proxy.stall()
        try await offThePool { try broker.publishLines([try BrokerDoorStack.postLine("ci", "stuck")], topic: topic) }
        // The user reads one a second (each read mark is published); the stuck post must arrive.
        let deadline = Date().addingTimeInterval(80)
        var read = 0
        while try await !stack.engine.history(HistoryQuery(limit: 200)).contains(where: { $0.identifier == "stuck" }) {
            guard Date() < deadline else { throw TestFailure("the stalled connection was never given up on: \(log.all)") }
            if read < unread.count {
                try await stack.engine.markRead(deliveryIDs: [unread[read]], isRead: true)
                read += 1
            }
            try await Task.sleep(nanoseconds: 1_000_000_000)
        }
        #expect(log.count("sent no whole packet in") == 1, "\(log.all)")
        #expect(proxy.connectionCount >= 2)
    }
}
