import Foundation
import HeraldCore
import HeraldWire
import Testing
import TestSupport
@testable import HeraldBroker

/// Anyone who may publish on `P/handled/SENDER` can send an answer. A waiting publisher takes
/// only an answer that names an action it offered (or opens or dismisses); a daemon takes a
/// handled message only for a notification that came through the broker from that sender.
@Suite(.skipped(because: MosquittoBroker.unavailableReason))
struct BrokerForgedAnswerTests {
    static func handled(_ app: String, _ identifier: String, _ action: ResponseAction, device: String = "herald-forger") throws -> String {
        let notification = DeliveredRecord(bundleIdentifier: app, request: RequestRecord(identifier: identifier, content: ContentRecord()), date: Date(),
                                           presentation: [])
        let message = HandledMessage(device: device, bundleIdentifier: app, identifier: identifier,
                                     response: ResponseRecord(notification: notification, action: action, date: Date()))
        return String(decoding: try WireCoding.encode(message), as: UTF8.self)
    }

    @Test func aWaitingPublisherTakesOnlyAnActionItOffered() async throws {
        let broker = try await MosquittoBroker.started()
        defer { broker.stop() }
        let settings = try BrokerSettings.resolve(url: broker.url(), environment: [:])
        let publisher = try await BrokerPublisher.connect(settings: settings, sender: "ci")
        defer { publisher.close() }
        let offered = [ActionRecord(identifier: "approve", title: "Approve"),
                       ActionRecord(identifier: "why", title: "Why?", textInput: ActionRecord.TextInput(buttonTitle: "Send", placeholder: ""))]
        try publisher.expectAnswer(bundleIdentifier: "deploy", identifier: "d-1", actions: offered)
        let osc52 = "\u{1B}]52;c;cm0gLXJmIH4K\u{07}"
        let forged = [
            try Self.handled("deploy", "d-1", .action(osc52)),
            try Self.handled("deploy", "d-1", .action("why")),                       // a reply action, without text
            try Self.handled("deploy", "d-1", .reply(actionIdentifier: "approve", text: "x")),
            try Self.handled("deploy", "other", .action("approve")),                 // another notification
            try Self.handled("deploy", "d-1", .action("approve")),
        ]
        // As `herald post --broker --wait` does: the broker has the subscription once it has
        // acknowledged the post published after it (one connection's packets are taken in order).
        try await publisher.post(PostParams(bundleIdentifier: "deploy", request: RequestRecord(identifier: "d-1",
                                                                                              content: ContentRecord(title: "Deploy?"))))
        try await offThePool { try broker.publishLines(forged, topic: "\(broker.prefix)/handled/ci") }
        let answer = await publisher.answer(timeout: 60)
        #expect(answer?.action == .action("approve"))
        let refused = publisher.refusedAnswers
        #expect(refused.count == 3)
        #expect(refused.first.first?.contains("action '\(osc52)', which was not offered") == true)
    }

    @Test func aHandledMessageCannotTakeOtherNotificationsOutOfTheList() async throws {
        let broker = try await MosquittoBroker.started()
        defer { broker.stop() }
        let directory = try TemporaryDirectory("herald-broker-handled")
        defer { directory.remove() }
        let log = LogLines()
        let settings = try BrokerSettings.resolve(url: broker.url(), environment: [:])
        let stack = try await BrokerDoorStack.open(settings: settings, directory: directory.url, log: log)
        defer { stack.close() }
        try await log.wait(for: "Broker: connected")
        // One posted on this machine, one through the broker by "ci".
        await stack.engine.registerTrustedApp(bundleIdentifier: "mail", displayName: "Mail")
        try await stack.engine.add(RequestRecord(identifier: "local-1", content: ContentRecord(title: "Local")), bundleIdentifier: "mail")
        try await offThePool { try broker.publishLines([try BrokerDoorStack.postLine("mail", "remote-1")], topic: "\(broker.prefix)/post/ci") }
        _ = try await stack.waitForHistory(containing: "remote-1", log: log)

        // "mallory" claims both were answered; "ci" rightly says its own was.
        try await offThePool {
            try broker.publishLines([try Self.handled("mail", "local-1", .dismiss), try Self.handled("mail", "remote-1", .dismiss)],
                                    topic: "\(broker.prefix)/handled/mallory")
            try broker.publishLines([try Self.handled("mail", "remote-1", .action("ok"))], topic: "\(broker.prefix)/handled/ci")
            try broker.publishLines([try BrokerDoorStack.postLine("mail", "after")], topic: "\(broker.prefix)/post/ci")
        }
        let history = try await stack.waitForHistory(containing: "after", log: log)
        let local = try #require(history.first { $0.identifier == "local-1" })
        let remote = try #require(history.first { $0.identifier == "remote-1" })
        #expect(!local.isRemovedFromList && !local.isRead, "a forged handled message took a local notification away")
        #expect(remote.isRemovedFromList && remote.isRead, "the sender's own handled message was not applied")
    }
}
