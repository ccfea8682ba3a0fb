import Foundation
import Testing
import HeraldCore
import TestSupport

@Suite struct EngineResponseTests {
    static let meeting = CategoryRecord(
        identifier: "MEETING",
        actions: [ActionRecord(identifier: "ACCEPT", title: "Accept"),
                  ActionRecord(identifier: "REPLY", title: "Reply",
                               textInput: ActionRecord.TextInput(buttonTitle: "Send", placeholder: "Message"))],
        options: [.customDismissAction])
    static let plain = CategoryRecord(identifier: "PLAIN", actions: [ActionRecord(identifier: "OK", title: "OK")])

    func setUp() async throws -> (EngineHarness, String) {
        let h = try await EngineHarness()
        let app = await h.authorizedApp()
        await h.engine.setCategories([Self.meeting, Self.plain], bundleIdentifier: app)
        return (h, app)
    }

    func deliver(_ h: EngineHarness, _ app: String, _ id: String, category: String) async throws -> Int64 {
        try await h.engine.add(request(id, category: category), bundleIdentifier: app)
        return try #require(h.events.delivered.last?.record.deliveryID)
    }

    @Test func aConnectedAppReceivesTheResponse() async throws {
        let (h, app) = try await setUp()
        defer { h.directory.remove() }
        let connection = FakeAppConnection()
        await h.engine.connect(connection, bundleIdentifier: app)
        let id = try await deliver(h, app, "m", category: "MEETING")
        try await h.engine.respond(deliveryID: id, action: .action("ACCEPT"))
        #expect(connection.responses.map(\.action) == [.action("ACCEPT")])
        #expect(connection.responses.first?.notification.identifier == "m")
        let stored = try #require(try h.store.delivered(id: id))
        #expect(stored.isRead && stored.isRemovedFromList)
        #expect(try h.store.undeliveredResponses(bundleIdentifier: app).isEmpty)
        #expect(try h.store.responses(deliveryID: id).count == 1)
        #expect(h.events.all.contains { if case .responded = $0 { return true }; return false })
    }

    @Test func repliesCarryTheTextAndNeedATextInputAction() async throws {
        let (h, app) = try await setUp()
        defer { h.directory.remove() }
        let connection = FakeAppConnection()
        await h.engine.connect(connection, bundleIdentifier: app)
        let id = try await deliver(h, app, "m", category: "MEETING")
        await #expect(throws: EngineError.notTextInputAction(actionIdentifier: "ACCEPT")) {
            try await h.engine.respond(deliveryID: id, action: .reply(actionIdentifier: "ACCEPT", text: "hi"))
        }
        try await h.engine.respond(deliveryID: id, action: .reply(actionIdentifier: "REPLY", text: "On my way"))
        #expect(connection.responses.first?.action.userText == "On my way")
    }

    @Test func unknownDeliveriesAndActionsAreErrors() async throws {
        let (h, app) = try await setUp()
        defer { h.directory.remove() }
        await #expect(throws: EngineError.unknownDelivery(deliveryID: 999)) {
            try await h.engine.respond(deliveryID: 999, action: .open)
        }
        let id = try await deliver(h, app, "p", category: "PLAIN")
        await #expect(throws: EngineError.unknownAction(actionIdentifier: "ACCEPT", categoryIdentifier: "PLAIN")) {
            try await h.engine.respond(deliveryID: id, action: .action("ACCEPT"))
        }
        let bare = try await deliver(h, app, "bare", category: "")
        await #expect(throws: EngineError.self) { try await h.engine.respond(deliveryID: bare, action: .action("OK")) }
        try await h.engine.respond(deliveryID: bare, action: .open)
    }

    @Test func dismissReachesTheAppOnlyWithCustomDismissAction() async throws {
        let (h, app) = try await setUp()
        defer { h.directory.remove() }
        let connection = FakeAppConnection()
        await h.engine.connect(connection, bundleIdentifier: app)
        let plain = try await deliver(h, app, "p", category: "PLAIN")
        try await h.engine.respond(deliveryID: plain, action: .dismiss)
        #expect(connection.responses.isEmpty)
        #expect(try h.store.delivered(id: plain)?.isRemovedFromList == true)
        let meeting = try await deliver(h, app, "m", category: "MEETING")
        try await h.engine.respond(deliveryID: meeting, action: .dismiss)
        #expect(connection.responses.map(\.action.actionIdentifier) == [ResponseAction.dismissActionIdentifier])
        // The ignored dismissal is not queued for later either.
        await h.engine.disconnect(bundleIdentifier: app)
        let later = FakeAppConnection()
        await h.engine.connect(later, bundleIdentifier: app)
        #expect(later.responses.isEmpty)
    }

    @Test func responsesWaitForTheAppAndArriveInOrderOnConnect() async throws {
        let (h, app) = try await setUp()
        defer { h.directory.remove() }
        let a = try await deliver(h, app, "a", category: "MEETING")
        let b = try await deliver(h, app, "b", category: "PLAIN")
        try await h.engine.respond(deliveryID: a, action: .action("ACCEPT"))
        try await h.engine.respond(deliveryID: b, action: .open)
        #expect(try h.store.undeliveredResponses(bundleIdentifier: app).count == 2)
        let connection = FakeAppConnection()
        await h.engine.connect(connection, bundleIdentifier: app)
        #expect(connection.responses.map(\.notification.identifier) == ["a", "b"])
        #expect(connection.responses.map(\.action) == [.action("ACCEPT"), .open])
        #expect(try h.store.undeliveredResponses(bundleIdentifier: app).isEmpty)
        // Queued responses survive a restart too.
        await h.engine.disconnect(bundleIdentifier: app)
        let c = try await deliver(h, app, "c", category: "PLAIN")
        try await h.engine.respond(deliveryID: c, action: .action("OK"))
        let reopened = try await h.reopened()
        let again = FakeAppConnection()
        await reopened.engine.connect(again, bundleIdentifier: app)
        #expect(again.responses.map(\.action) == [.action("OK")])
    }

    @Test func openSettingsReachesTheApp() async throws {
        let (h, app) = try await setUp()
        defer { h.directory.remove() }
        let connection = FakeAppConnection()
        await h.engine.connect(connection, bundleIdentifier: app)
        await h.engine.openSettings(bundleIdentifier: app, deliveryID: nil)
        #expect(connection.settingsRequests.count == 1)
    }
}
