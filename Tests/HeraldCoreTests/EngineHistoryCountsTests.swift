import Foundation
import HeraldCore
import Testing
import TestSupport

/// The engine keeps each app's history counts as it changes history and announces them with
/// `.countsChanged`; they always match what the store holds.
@Suite struct EngineHistoryCountsTests {
    /// The last counts announced for `app`.
    static func announced(_ h: EngineHarness, _ app: String) -> HistoryCounts? {
        h.events.all.reversed().lazy.compactMap { event -> HistoryCounts? in
            if case .countsChanged(let bundle, let counts) = event, bundle == app { return counts }
            return nil
        }.first
    }

    /// What the store holds, counted.
    static func stored(_ h: EngineHarness, _ app: String) throws -> HistoryCounts {
        HistoryCounts(unread: try h.store.historyCount(HistoryQuery(bundleIdentifier: app, unreadOnly: true)),
                      total: try h.store.historyCount(HistoryQuery(bundleIdentifier: app)))
    }

    @Test func everyChangeOfHistoryAnnouncesTheCountsTheStoreHolds() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.add(request("a"), bundleIdentifier: app)
        #expect(Self.announced(h, app) == HistoryCounts(unread: 1, total: 1))
        try await h.engine.add(request("b"), bundleIdentifier: app)
        try await h.engine.add(request("c"), bundleIdentifier: app)
        #expect(Self.announced(h, app) == HistoryCounts(unread: 3, total: 3))
        // The same identifier again replaces: one row, still three.
        try await h.engine.add(request("c", title: "Again"), bundleIdentifier: app)
        #expect(Self.announced(h, app) == HistoryCounts(unread: 3, total: 3))
        #expect(try Self.announced(h, app) == Self.stored(h, app))

        let ids = try await h.engine.history(HistoryQuery()).map(\.deliveryID)
        try await h.engine.markRead(deliveryIDs: [ids[0], ids[1]], isRead: true)
        #expect(Self.announced(h, app) == HistoryCounts(unread: 1, total: 3))
        try await h.engine.markRead(deliveryIDs: [ids[1]], isRead: false)
        #expect(Self.announced(h, app) == HistoryCounts(unread: 2, total: 3))
        try await h.engine.respond(deliveryID: ids[2], action: .open)
        #expect(Self.announced(h, app) == HistoryCounts(unread: 1, total: 3))
        try await h.engine.deleteHistory(deliveryIDs: [ids[0], ids[1]])
        #expect(Self.announced(h, app) == HistoryCounts(unread: 0, total: 1))
        #expect(try Self.announced(h, app) == Self.stored(h, app))
        try await h.engine.clearHistory(bundleIdentifier: nil)
        #expect(Self.announced(h, app) == .zero)
        #expect(try await h.engine.historyCounts()[app] == .zero)
    }

    @Test func countsStartFromWhatTheStoreHadAndNotKeptDeliveriesCountNothing() async throws {
        let directory = try TemporaryDirectory("herald-counts")
        let store = InMemoryStore()
        do {
            let first = try await EngineHarness(store: store, directory: directory)
            let app = await first.authorizedApp()
            try await first.engine.add(request("old1"), bundleIdentifier: app)
            try await first.engine.add(request("old2"), bundleIdentifier: app)
        }
        // A new engine on the same store: the first change counts from the two rows there.
        let h = try await EngineHarness(store: store, directory: directory)
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.add(request("new"), bundleIdentifier: app)
        #expect(Self.announced(h, app) == HistoryCounts(unread: 3, total: 3))

        // Not shown in history (the app's setting): delivered, not kept, no counts.
        var settings = await h.engine.appRecord(bundleIdentifier: app).settings
        settings.showInHistory = false
        settings.alertStyle = .none
        try await h.engine.updateSettings(settings, bundleIdentifier: app)
        h.events.clear()
        try? await h.engine.add(request("quiet"), bundleIdentifier: app)
        #expect(Self.announced(h, app) == nil)
        #expect(try Self.stored(h, app) == HistoryCounts(unread: 3, total: 3))
    }
}
