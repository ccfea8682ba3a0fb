import Foundation
import Testing
import HeraldCore
import TestSupport

/// The engine's one entry point for posts gives every door the same policy: an app whose
/// notifications are off is refused with the detail that says how to allow them, a door's
/// categories are merged under one cap, the app limit refuses a new app, the app's requests
/// dropped over its pending limit are reported (and a post that would itself be dropped is
/// refused), and `requireKnownApp` refuses an app the center never saw. A real engine on an
/// in-memory store, one test per door.
@Suite struct PostSenderPolicyTests {
    /// The three doors, as the test names them.
    enum Door: String, CaseIterable, CustomTestStringConvertible {
        case socket, desktop, broker

        var testDescription: String { rawValue }

        /// The sender as the door hands it to the engine (a desktop sender's responses go to `connection`).
        func sender(connection: FakeAppConnection = FakeAppConnection()) -> PostSender {
            switch self {
            case .socket: return .socket
            case .desktop: return .desktop(displayName: "Poster", connection: connection)
            case .broker: return .broker(sender: "nas")
            }
        }

        /// An app this door's posts would name (desktop apps live under `desktop.`).
        func app(_ name: String) -> String { self == .desktop ? "desktop.\(name)" : name }
    }

    static func note(_ identifier: String, after seconds: TimeInterval? = nil) -> RequestRecord {
        RequestRecord(identifier: identifier, content: ContentRecord(title: identifier),
                      trigger: seconds.map { .timeInterval(seconds: $0, repeats: false) })
    }

    static func buttons(_ n: Int, prefix: String) -> CategoryRecord {
        CategoryRecord(identifier: "\(prefix)\(n)", actions: [ActionRecord(identifier: "ok-\(n)", title: "OK \(n)")])
    }

    @Test(arguments: Door.allCases)
    func anAppWhoseNotificationsAreOffIsRefusedWithTheWayToAllowThem(door: Door) async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = door.app("muted")
        try await h.engine.post(Self.note("first"), bundleIdentifier: app, from: door.sender())
        var settings = await h.engine.appRecord(bundleIdentifier: app).settings
        settings.allowNotifications = false
        try await h.engine.updateSettings(settings, bundleIdentifier: app)

        await #expect {
            try await h.engine.post(Self.note("second"), bundleIdentifier: app, from: door.sender())
        } throws: { error in
            guard let refusal = error as? UNError, refusal.code == .notificationsNotAllowed else { return false }
            return refusal.detail?.contains("herald app \(app) --allow") == true
        }
        #expect(try h.store.history(HistoryQuery(limit: 10)).map(\.identifier) == ["first"])
    }

    @Test(arguments: Door.allCases)
    func aDoorsCategoriesAreMergedUnderOneCapAndTheAppsOwnAreKept(door: Door) async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = door.app("asker")
        let sender = door.sender()
        let own = CategoryRecord(identifier: "app.own", actions: [])
        try await h.engine.post(Self.note("n-0"), bundleIdentifier: app, from: sender)
        await h.engine.setCategories([own], bundleIdentifier: app)
        let limit = NotificationEngine.postedCategoryLimit
        for n in 0..<(limit + 5) {
            try await h.engine.post(Self.note("n-\(n)"), bundleIdentifier: app,
                                    category: Self.buttons(n, prefix: sender.categoryPrefix), from: sender)
        }
        // The same buttons again: nothing changes.
        try await h.engine.post(Self.note("again"), bundleIdentifier: app,
                                category: Self.buttons(limit + 4, prefix: sender.categoryPrefix), from: sender)
        let categories = await h.engine.categories(bundleIdentifier: app).map(\.identifier)
        #expect(categories.count == limit + 1)
        #expect(categories.first == own.identifier)
        #expect(Array(categories.dropFirst()) == (5..<(limit + 5)).map { "\(sender.categoryPrefix)\($0)" })
    }

    @Test(arguments: Door.allCases)
    func aNewAppPastTheAppLimitIsRefused(door: Door) async throws {
        var configuration = EngineConfiguration()
        configuration.appLimit = 2
        let h = try await EngineHarness(configuration: configuration)
        defer { h.directory.remove() }
        for name in ["one", "two"] {
            try await h.engine.post(Self.note(name), bundleIdentifier: door.app(name), from: door.sender())
        }
        await #expect {
            try await h.engine.post(Self.note("three"), bundleIdentifier: door.app("three"), from: door.sender())
        } throws: { error in
            guard case EngineError.tooManyApps(_, let limit) = error else { return false }
            return limit == 2
        }
        #expect(try await h.engine.apps().count == 2)
        try await h.engine.post(Self.note("one-again"), bundleIdentifier: door.app("one"), from: door.sender())
    }

    @Test(arguments: Door.allCases)
    func requestsDroppedOverThePendingLimitAreReportedAndAPostThatWouldBeDroppedIsRefused(door: Door) async throws {
        var configuration = EngineConfiguration()
        configuration.pendingLimit = 2
        let h = try await EngineHarness(configuration: configuration)
        defer { h.directory.remove() }
        let app = door.app("busy")
        for (identifier, seconds) in [("in-60", 60.0), ("in-120", 120.0)] {
            let outcome = try await h.engine.post(Self.note(identifier, after: seconds), bundleIdentifier: app, from: door.sender())
            #expect(outcome.dropped.isEmpty && outcome.warning == nil)
        }
        let outcome = try await h.engine.post(Self.note("in-30", after: 30), bundleIdentifier: app, from: door.sender())
        #expect(outcome.dropped == ["in-120"])
        #expect(outcome.warning == "\(app) is at its limit of 2 pending requests: dropped the latest-firing in-120 to make room")

        await #expect {
            try await h.engine.post(Self.note("in-600", after: 600), bundleIdentifier: app, from: door.sender())
        } throws: { error in
            (error as? PostRefusal) == .pendingLimit(identifier: "in-600", bundleIdentifier: app, limit: 2)
        }
        let pending = try h.store.loadPending().map(\.request.identifier).sorted()
        #expect(pending == ["in-30", "in-60"])
    }

    @Test(arguments: Door.allCases)
    func aPostThatRequiresAKnownAppRefusesAnUnknownOne(door: Door) async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = door.app("typo")
        await #expect {
            try await h.engine.post(Self.note("x"), bundleIdentifier: app, requireKnownApp: true, from: door.sender())
        } throws: { ($0 as? PostRefusal) == .unknownApp(bundleIdentifier: app) }
        #expect(try await h.engine.apps().isEmpty)
        try await h.engine.post(Self.note("x"), bundleIdentifier: app, from: door.sender())
        try await h.engine.post(Self.note("y"), bundleIdentifier: app, requireKnownApp: true, from: door.sender())
    }

    /// What differs is only how far each door is trusted: a command-line or broker app is
    /// registered once and keeps what the user made of it; a desktop app takes the sender's name
    /// and its responses go to the sender's connection.
    @Test func aDesktopSenderNamesItsAppAndReceivesItsResponses() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let connection = FakeAppConnection()
        let category = Self.buttons(1, prefix: PostSender.desktopCategoryPrefix)
        var note = Self.note("mail")
        note.content.categoryIdentifier = category.identifier
        try await h.engine.post(note, bundleIdentifier: "desktop.mail", category: category,
                                from: .desktop(displayName: "Mail", connection: connection))
        #expect(await h.engine.appRecord(bundleIdentifier: "desktop.mail").displayName == "Mail")
        let delivered = try #require(try h.store.history(HistoryQuery(limit: 10)).first)
        try await h.engine.respond(deliveryID: delivered.deliveryID, action: .action("ok-1"))
        let deadline = Date().addingTimeInterval(20)
        while connection.responses.isEmpty && Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(connection.responses.map(\.notification.identifier) == ["mail"])

        try await h.engine.post(Self.note("cli"), bundleIdentifier: "backup.sh", from: .socket)
        #expect(await h.engine.appRecord(bundleIdentifier: "backup.sh").isCommandLineApp)
    }
}
