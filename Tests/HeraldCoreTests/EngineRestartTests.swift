import Foundation
import Testing
import HeraldCore
import TestSupport

@Suite struct EngineRestartTests {
    @Test func appsPendingAndHistorySurviveARestart() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        await h.engine.setCategories([CategoryRecord(identifier: "C")], bundleIdentifier: app)
        try await h.engine.add(request("later", trigger: after(600)), bundleIdentifier: app)
        try await h.engine.add(request("now"), bundleIdentifier: app)
        let reopened = try await h.reopened()
        #expect(await reopened.engine.appRecord(bundleIdentifier: app).authorizationStatus == .authorized)
        #expect(await reopened.engine.categories(bundleIdentifier: app).map(\.identifier) == ["C"])
        #expect(await reopened.engine.pendingRequests(bundleIdentifier: app).map(\.identifier) == ["later"])
        #expect(await reopened.engine.deliveredNotifications(bundleIdentifier: app).map(\.identifier) == ["now"])
        h.clock.advance(by: 600)
        await reopened.engine.fireDue()
        #expect(reopened.events.delivered.map(\.record.identifier) == ["later"])
    }

    @Test func aOneShotMissedWhileDownFiresOnceAtTheFirstFireDue() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.add(request("missed", trigger: after(60)), bundleIdentifier: app)
        // The center is down for an hour.
        h.clock.advance(by: 3600)
        let reopened = try await h.reopened()
        await reopened.engine.fireDue()
        await reopened.engine.fireDue()
        #expect(reopened.events.delivered.map(\.record.identifier) == ["missed"])
        #expect(reopened.events.delivered.first?.record.date == EngineHarness.start.addingTimeInterval(3600))
        #expect(try h.store.loadPending().isEmpty)
    }

    @Test func aRepeatingRequestMissedWhileDownFiresOnceThenMovesOn() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.add(request("hourly", trigger: after(3600, repeats: true)), bundleIdentifier: app)
        h.clock.advance(by: 3600 * 5 + 10)
        let reopened = try await h.reopened()
        await reopened.engine.fireDue()
        #expect(reopened.events.delivered.count == 1)
        #expect(await reopened.engine.nextFireDate() == EngineHarness.start.addingTimeInterval(3600 * 6))
        #expect(try h.store.loadPending().first?.nextFireDate == EngineHarness.start.addingTimeInterval(3600 * 6))
    }

    @Test func theLimitIsReappliedOnLoad() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        for index in 0..<5 {
            try await h.engine.add(request("r\(index)", trigger: after(Double(index + 1) * 60)), bundleIdentifier: app)
        }
        let smaller = try await EngineHarness(configuration: EngineConfiguration(pendingLimit: 3), store: h.store,
                                              clock: h.clock, directory: h.directory)
        #expect(await smaller.engine.pendingRequests(bundleIdentifier: app).map(\.identifier) == ["r0", "r1", "r2"])
        #expect(try h.store.loadPending().count == 3)
    }
}
