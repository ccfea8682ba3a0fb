import Foundation
import Testing
@testable import HeraldCore
import TestSupport

/// `herald close` and `herald restore` on the engine: closing banners from outside and bringing
/// the last one back, as dunstctl's `close` and `history-pop` do.
@Suite struct EngineBannerControlTests {
    func deliver(_ h: EngineHarness, _ app: String, _ identifier: String) async throws -> Int64 {
        try await h.engine.add(request(identifier, title: "T-\(identifier)"), bundleIdentifier: app)
        return try #require(h.events.delivered.last?.record.deliveryID)
    }

    var closedEvents: (EngineHarness) -> [[Int64]?] {
        { h in h.events.all.compactMap { if case .bannersClosed(let ids) = $0 { return .some(ids) }; return nil } }
    }

    func restored(_ h: EngineHarness) -> [Int64] {
        h.events.all.compactMap { if case .bannerRestored(let record) = $0 { return record.deliveryID }; return nil }
    }

    @Test func closingNamesTheBannersAndLeavesTheListAsItWas() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        let id = try await deliver(h, app, "a")
        let unknown = try await h.engine.closeBanners(deliveryIDs: [id, 999])
        #expect(unknown == [999])
        #expect(closedEvents(h) == [[id]])
        let stored = try #require(try h.store.delivered(id: id))
        #expect(!stored.isRead && !stored.isRemovedFromList)
        await h.engine.closeAllBanners()
        #expect(closedEvents(h) == [[id], nil])
    }

    @Test func unknownIdsAloneCloseNothing() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        #expect(try await h.engine.closeBanners(deliveryIDs: [5, 5, 6]) == [5, 6])
        #expect(closedEvents(h).isEmpty)
    }

    @Test func restoreGoesBackOneBannerAtATime() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        let first = try await deliver(h, app, "a")
        let second = try await deliver(h, app, "b")
        #expect(try await h.engine.restoreBanner()?.deliveryID == second)
        #expect(try await h.engine.restoreBanner()?.deliveryID == first)
        #expect(try await h.engine.restoreBanner() == nil)
        #expect(restored(h) == [second, first])
    }

    @Test func aClosedBannerComesBackFirst() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        let first = try await deliver(h, app, "a")
        _ = try await deliver(h, app, "b")
        _ = try await h.engine.closeBanners(deliveryIDs: [first])
        #expect(try await h.engine.restoreBanner()?.deliveryID == first)
    }

    @Test func deletedAndReplacedNotificationsAreNotBroughtBack() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        let kept = try await deliver(h, app, "kept")
        let deleted = try await deliver(h, app, "gone")
        let replaced = try await deliver(h, app, "same")
        let replacement = try await deliver(h, app, "same")
        #expect(replacement != replaced)
        try await h.engine.deleteHistory(deliveryIDs: [deleted])
        #expect(try await h.engine.restoreBanner()?.deliveryID == replacement)
        #expect(try await h.engine.restoreBanner()?.deliveryID == kept)
        #expect(try await h.engine.restoreBanner() == nil)
    }

    @Test func withoutABannerThereIsNothingToBringBack() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        _ = try await h.engine.changeFocus(.turnOn(name: FocusMode.doNotDisturbName, end: .untilTurnedOff))
        _ = try await deliver(h, app, "quiet")   // held by do-not-disturb: listed, no banner
        #expect(try await h.engine.restoreBanner() == nil)
    }

    @Test func aRestartedCenterRemembersTheBannersItShowed() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        let first = try await deliver(h, app, "a")
        let second = try await deliver(h, app, "b")
        let reopened = try await h.reopened()
        let third = try await deliver(reopened, app, "c")
        #expect(try await reopened.engine.restoreBanner()?.deliveryID == third)
        #expect(try await reopened.engine.restoreBanner()?.deliveryID == second)
        #expect(try await reopened.engine.restoreBanner()?.deliveryID == first)
    }

    @Test func theLedgerKeepsTheLastTwenty() {
        var banners = RecentBanners()
        for id in 1...25 { banners.note(Int64(id)) }
        banners.note(10)
        #expect(banners.deliveryIDs == (6...25).filter { $0 != 10 }.map(Int64.init) + [10])
    }
}
