import Foundation
import Testing
import HeraldCore
import TestSupport

/// A fired request's pending row is written in its delivery's transaction, after the app's
/// `willPresent` has answered. When the app replaced or removed the request meanwhile, the fire
/// writes nothing to that row: the replacement (or the removal) stays, in memory, in the store
/// and after a restart — and the fired delivery is stored all the same.
@Suite struct FiredPendingWriteTests {
    /// Kept in history (the store writes through `insertReplacing`) or not (the pending write alone).
    static let answers: [PresentationDecision] = [.options([.list]), .options([])]

    /// The sorted titles of the app's pending requests: in the engine, in the store, and after a
    /// restart.
    private func pendingTitles(_ h: EngineHarness, _ app: String) async throws -> [[String]] {
        let reopened = try await h.reopened()
        return [await h.engine.pendingRequests(bundleIdentifier: app).map(\.content.title).sorted(),
                try h.store.loadPending().map(\.request.content.title).sorted(),
                await reopened.engine.pendingRequests(bundleIdentifier: app).map(\.content.title).sorted()]
    }

    /// A one-shot or repeating request, replaced (same identifier) while its delivery waits.
    @Test(arguments: answers, [false, true])
    func aRequestReplacedWhileItsDeliveryWaitsStaysReplaced(answer: PresentationDecision, repeats: Bool) async throws {
        let (h, app, connection) = try await EngineHarness.withHeldApp()
        defer { h.directory.remove() }
        try await h.engine.add(request("x", title: "old", trigger: after(60, repeats: repeats)), bundleIdentifier: app)
        h.clock.advance(by: 60)
        try await h.deliver(through: connection, answer: answer) {
            try await h.engine.add(request("x", title: "new", trigger: after(600, repeats: repeats)), bundleIdentifier: app)
        }
        #expect(h.events.delivered.map(\.record.content.title) == ["old"])
        #expect(try await pendingTitles(h, app) == [["new"], ["new"], ["new"]])
        #expect(try h.store.loadPending().first?.nextFireDate == EngineHarness.start.addingTimeInterval(660))
        if answer == .options([.list]) {
            #expect(await h.engine.deliveredNotifications(bundleIdentifier: app).map(\.content.title) == ["old"])
        }
    }

    @Test(arguments: answers)
    func aRepeatingRequestRemovedWhileItsDeliveryWaitsStaysRemoved(answer: PresentationDecision) async throws {
        let (h, app, connection) = try await EngineHarness.withHeldApp()
        defer { h.directory.remove() }
        try await h.engine.add(request("r", title: "old", trigger: after(60, repeats: true)), bundleIdentifier: app)
        h.clock.advance(by: 60)
        try await h.deliver(through: connection, answer: answer) {
            await h.engine.removePendingRequests(identifiers: ["r"], bundleIdentifier: app)
        }
        #expect(h.events.delivered.map(\.record.content.title) == ["old"])
        #expect(try await pendingTitles(h, app) == [[], [], []])
        if answer == .options([.list]) {
            #expect(await h.engine.deliveredNotifications(bundleIdentifier: app).map(\.content.title) == ["old"])
        }
    }

    @Test func aRequestTakenWithOthersAndReplacedBeforeItsTurnStaysReplaced() async throws {
        let (h, app, connection) = try await EngineHarness.withHeldApp()
        defer { h.directory.remove() }
        try await h.engine.add(request("a", title: "first", trigger: after(60)), bundleIdentifier: app)
        try await h.engine.add(request("b", title: "old", trigger: after(60, repeats: true)), bundleIdentifier: app)
        h.clock.advance(by: 60)
        let firing = Task { await h.engine.fireDue() }
        await connection.waitForCall()
        // "b" is taken already; its own delivery has not begun.
        try await h.engine.add(request("b", title: "new", trigger: after(600)), bundleIdentifier: app)
        connection.answer(.options([.list]))
        await connection.waitForCall()
        connection.answer(.options([.list]))
        await firing.value
        #expect(h.events.delivered.map(\.record.content.title) == ["first", "old"])
        #expect(try await pendingTitles(h, app) == [["new"], ["new"], ["new"]])
    }

    @Test func aRepeatingRequestTakenAgainWhileItsFirstDeliveryWaitsKeepsTheLaterDate() async throws {
        let (h, app, connection) = try await EngineHarness.withHeldApp()
        defer { h.directory.remove() }
        try await h.engine.add(request("r", title: "tick", trigger: after(60, repeats: true)), bundleIdentifier: app)
        h.clock.advance(by: 60)
        let first = Task { await h.engine.fireDue() }
        await connection.waitForCall(1)
        // Due again while its first delivery waits: a second fire takes it and moves it to 180.
        h.clock.advance(by: 60)
        let second = Task { await h.engine.fireDue() }
        await connection.waitForCall(2)
        // The second delivery finishes first; the first one's write (the row at 120) must not follow it.
        connection.answer(.options([.list]), newest: true)
        await second.value
        connection.answer(.options([.list]))
        await first.value
        #expect(h.events.delivered.count == 2)
        let date = EngineHarness.start.addingTimeInterval(180)
        #expect(await h.engine.pendingRecords(bundleIdentifier: app).map(\.nextFireDate) == [date])
        #expect(try h.store.loadPending().map(\.nextFireDate) == [date])
        #expect(try await h.reopened().engine.pendingRecords(bundleIdentifier: app).map(\.nextFireDate) == [date])
    }

    @Test func aRequestUnchangedWhileItsDeliveryWaitsMovesOnOrLeaves() async throws {
        let (h, app, connection) = try await EngineHarness.withHeldApp()
        defer { h.directory.remove() }
        try await h.engine.add(request("once", title: "once", trigger: after(60)), bundleIdentifier: app)
        try await h.engine.add(request("tick", title: "tick", trigger: after(60, repeats: true)), bundleIdentifier: app)
        h.clock.advance(by: 60)
        let firing = Task { await h.engine.fireDue() }
        for _ in 0..<2 {
            await connection.waitForCall()
            // Another request added meanwhile leaves the fire's writes as they are.
            try await h.engine.add(request("other", title: "other", trigger: after(3600)), bundleIdentifier: app)
            connection.answer(.options([.list]))
        }
        await firing.value
        #expect(try await pendingTitles(h, app) == [["other", "tick"], ["other", "tick"], ["other", "tick"]])
        let tick = try h.store.loadPending().first { $0.request.identifier == "tick" }
        #expect(tick?.nextFireDate == EngineHarness.start.addingTimeInterval(120))
    }

    @Test func aOneShotLocationTriggerReplacedWhileItsDeliveryWaitsStaysReplaced() async throws {
        let (h, app, connection) = try await EngineHarness.withHeldApp()
        defer { h.directory.remove() }
        let region = RegionRecord(identifier: "louvre", latitude: 48.8606, longitude: 2.3376, radius: 100,
                                  notifyOnEntry: true, notifyOnExit: false)
        try await h.engine.add(request("museum", title: "old", trigger: .location(region, repeats: false)),
                               bundleIdentifier: app)
        try await h.deliver(through: connection, answer: .options([.list]), { await $0.moveDevice(to: 48.8606, 2.3376) }) {
            try await h.engine.add(request("museum", title: "new", trigger: after(600)), bundleIdentifier: app)
        }
        #expect(h.events.delivered.map(\.record.content.title) == ["old"])
        #expect(try await pendingTitles(h, app) == [["new"], ["new"], ["new"]])
    }
}
