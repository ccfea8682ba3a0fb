import Foundation
import Testing
import HeraldCore
import TestSupport

@Suite struct EngineSchedulingTests {
    @Test func aTimeIntervalRequestFiresAfterItsInterval() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.add(request("tea", trigger: after(180)), bundleIdentifier: app)
        h.clock.advance(by: 179)
        await h.engine.fireDue()
        #expect(h.events.delivered.isEmpty)
        h.clock.advance(by: 1)
        await h.engine.fireDue()
        #expect(h.events.delivered.map(\.record.identifier) == ["tea"])
        #expect(await h.engine.pendingRequests(bundleIdentifier: app).isEmpty)
        await h.engine.fireDue()
        #expect(h.events.delivered.count == 1)
    }

    @Test func aRequestWithoutTriggerIsDeliveredWithinAdd() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.add(request("now"), bundleIdentifier: app)
        #expect(h.events.delivered.map(\.record.identifier) == ["now"])
        #expect(await h.engine.deliveredNotifications(bundleIdentifier: app).map(\.identifier) == ["now"])
    }

    @Test func theSameIdentifierReplacesThePendingRequest() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.add(request("x", title: "old", trigger: after(60)), bundleIdentifier: app)
        try await h.engine.add(request("x", title: "new", trigger: after(120)), bundleIdentifier: app)
        let pending = await h.engine.pendingRequests(bundleIdentifier: app)
        #expect(pending.map(\.content.title) == ["new"])
        h.clock.advance(by: 60)
        await h.engine.fireDue()
        #expect(h.events.delivered.isEmpty)
        h.clock.advance(by: 60)
        await h.engine.fireDue()
        #expect(h.events.delivered.map(\.record.content.title) == ["new"])
        #expect(try h.store.loadPending().isEmpty)
    }

    @Test func repeatingRequestsFireAtEveryMultipleAndStayPending() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.add(request("tick", trigger: after(60, repeats: true)), bundleIdentifier: app)
        for minute in 1...3 {
            h.clock.advance(by: 60)
            await h.engine.fireDue()
            #expect(h.events.delivered.count == minute)
        }
        let pending = await h.engine.pendingRecords(bundleIdentifier: app)
        #expect(pending.first?.nextFireDate == EngineHarness.start.addingTimeInterval(240))
        #expect(try h.store.loadPending().first?.nextFireDate == EngineHarness.start.addingTimeInterval(240))
        // Several periods at once fire once, then the next multiple after now.
        h.clock.advance(by: 60 * 5 + 30)
        await h.engine.fireDue()
        #expect(h.events.delivered.count == 4)
        #expect(await h.engine.nextFireDate() == EngineHarness.start.addingTimeInterval(540))
    }

    @Test func calendarRequestsFireAtTheirMatch() async throws {
        let h = try await EngineHarness(now: utc(2026, 1, 1))
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.add(request("standup", trigger: .calendar(components(hour: 9, minute: 30), repeats: true)),
                               bundleIdentifier: app)
        #expect(await h.engine.nextFireDate() == utc(2026, 1, 1, 9, 30))
        h.clock.set(utc(2026, 1, 1, 9, 29, 59))
        await h.engine.fireDue()
        #expect(h.events.delivered.isEmpty)
        h.clock.set(utc(2026, 1, 1, 9, 30))
        await h.engine.fireDue()
        #expect(h.events.delivered.count == 1)
        #expect(await h.engine.nextFireDate() == utc(2026, 1, 2, 9, 30))
    }

    @Test func removePendingIgnoresFiredRequests() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.add(request("a", trigger: after(10)), bundleIdentifier: app)
        try await h.engine.add(request("b", trigger: after(100)), bundleIdentifier: app)
        h.clock.advance(by: 10)
        await h.engine.fireDue()
        await h.engine.removePendingRequests(identifiers: ["a", "b", "zzz"], bundleIdentifier: app)
        #expect(await h.engine.pendingRequests(bundleIdentifier: app).isEmpty)
        #expect(await h.engine.deliveredNotifications(bundleIdentifier: app).map(\.identifier) == ["a"])
        try await h.engine.add(request("c", trigger: after(100)), bundleIdentifier: app)
        await h.engine.removeAllPendingRequests(bundleIdentifier: app)
        #expect(await h.engine.pendingRequests(bundleIdentifier: app).isEmpty)
        #expect(try h.store.loadPending().isEmpty)
    }

    @Test func theSixtyFourSoonestAreKept() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        // 70 requests, added latest-first: the 6 that fire last are dropped, silently.
        for index in (0..<70).reversed() {
            try await h.engine.add(request("r\(index)", trigger: after(Double(index + 1) * 60)), bundleIdentifier: app)
        }
        let pending = await h.engine.pendingRequests(bundleIdentifier: app)
        #expect(pending.count == 64)
        #expect(pending.map(\.identifier) == (0..<64).map { "r\($0)" })
        #expect(try h.store.loadPending().count == 64)
        // One that fires later than all 64 is dropped at once.
        try await h.engine.add(request("late", trigger: after(100_000)), bundleIdentifier: app)
        #expect(await h.engine.pendingRequests(bundleIdentifier: app).contains { $0.identifier == "late" } == false)
        // One that fires sooner pushes out the latest.
        try await h.engine.add(request("soon", trigger: after(1)), bundleIdentifier: app)
        let after = await h.engine.pendingRequests(bundleIdentifier: app)
        #expect(after.count == 64)
        #expect(after.first?.identifier == "soon")
        #expect(after.contains { $0.identifier == "r63" } == false)
    }

    @Test func onATieTheNewestAddedIsDropped() async throws {
        let h = try await EngineHarness(configuration: EngineConfiguration(pendingLimit: 2))
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        try await h.engine.add(request("first", trigger: after(60)), bundleIdentifier: app)
        try await h.engine.add(request("second", trigger: after(60)), bundleIdentifier: app)
        try await h.engine.add(request("third", trigger: after(60)), bundleIdentifier: app)
        #expect(await h.engine.pendingRequests(bundleIdentifier: app).map(\.identifier) == ["first", "second"])
    }

    @Test func theLimitIsPerAppAndARepeatingRequestCountsOnce() async throws {
        let h = try await EngineHarness(configuration: EngineConfiguration(pendingLimit: 2))
        defer { h.directory.remove() }
        try await h.engine.add(request("rep", trigger: after(60, repeats: true)), bundleIdentifier: "a")
        try await h.engine.add(request("one", trigger: after(90)), bundleIdentifier: "a")
        try await h.engine.add(request("x", trigger: after(30)), bundleIdentifier: "b")
        try await h.engine.add(request("y", trigger: after(30)), bundleIdentifier: "b")
        h.clock.advance(by: 60)
        await h.engine.fireDue()
        #expect(await h.engine.pendingRequests(bundleIdentifier: "a").map(\.identifier) == ["one", "rep"])
        #expect(await h.engine.pendingRequests(bundleIdentifier: "b").isEmpty)
    }

    @Test func badInputIsRejectedWithTheFieldAndTheLimit() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        await #expect(throws: EngineError.invalidRequest(field: "identifier", reason: "must not be empty")) {
            try await h.engine.add(request(""), bundleIdentifier: app)
        }
        do {
            try await h.engine.add(request(String(repeating: "i", count: 1025)), bundleIdentifier: app)
            Issue.record("expected an error")
        } catch let error as EngineError {
            #expect(error.description == "identifier is 1025 bytes; the limit is 1024 bytes")
        }
        do {
            try await h.engine.add(request("x", trigger: after(0)), bundleIdentifier: app)
            Issue.record("expected an error")
        } catch let error as EngineError {
            #expect(error.description.contains("trigger.timeInterval"))
            #expect(error.description.contains("time interval must be greater than 0"))
        }
        await #expect(throws: EngineError.self) {
            try await h.engine.add(request("x", trigger: after(30, repeats: true)), bundleIdentifier: app)
        }
        await #expect(throws: EngineError.self) {
            try await h.engine.add(request("x", trigger: .push), bundleIdentifier: app)
        }
        await #expect(throws: EngineError.self) {
            try await h.engine.add(request("x", badge: -1), bundleIdentifier: app)
        }
        await #expect(throws: EngineError.self) {
            try await h.engine.add(request("x", body: String(repeating: "b", count: 70_000)), bundleIdentifier: app)
        }
        await #expect(throws: EngineError.self) {
            try await h.engine.add(request("x"), bundleIdentifier: "")
        }
        let region = RegionRecord(identifier: "r", latitude: 0, longitude: 0, radius: 0)
        await #expect(throws: EngineError.self) {
            try await h.engine.add(request("x", trigger: .location(region, repeats: false)), bundleIdentifier: app)
        }
        #expect(await h.engine.pendingRequests(bundleIdentifier: app).isEmpty)
        #expect(h.events.delivered.isEmpty)
    }

    @Test func runFiresOnTheClockAndWakesForNewRequests() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        let runner = Task { await h.engine.run() }
        defer { runner.cancel() }
        await h.clock.waitForSleepers(0)
        try await h.engine.add(request("a", trigger: after(30)), bundleIdentifier: app)
        // The loop wakes and sleeps until the new request's date.
        await h.clock.waitForSleepers(1)
        while h.clock.nextWakeDate != EngineHarness.start.addingTimeInterval(30) { await Task.yield() }
        h.clock.advance(by: 30)
        while h.events.delivered.isEmpty { await Task.yield() }
        #expect(h.events.delivered.map(\.record.identifier) == ["a"])
        runner.cancel()
        await runner.value
    }

    @Test func manyPendingRequestsScale() async throws {
        let h = try await EngineHarness(configuration: EngineConfiguration(pendingLimit: 1_000_000))
        defer { h.directory.remove() }
        for index in 0..<20_000 {
            try await h.engine.add(request("r\(index)", trigger: after(Double((index * 7919) % 20_000 + 1))),
                                   bundleIdentifier: "bulk")
        }
        #expect(await h.engine.pendingCount() == 20_000)
        h.clock.advance(by: 10_000)
        await h.engine.fireDue()
        #expect(h.events.delivered.count == 10_000)
        let dates = h.events.delivered.map(\.record.identifier)
        #expect(Set(dates).count == 10_000)
        #expect(await h.engine.pendingCount() == 10_000)
    }
}
