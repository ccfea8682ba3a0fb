import Foundation
import Testing
import HeraldCore
import TestSupport

/// Every number a request carries is checked on the way in, with an error
/// that names the field and the limit, so nothing accepted can make a reader trap later.
@Suite struct NumericLimitsTests {
    /// Adds a request and returns the error's text (nil when it was accepted).
    private func refusal(_ request: RequestRecord) async throws -> String? {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        do {
            try await h.engine.add(request, bundleIdentifier: app)
            return nil
        } catch {
            #expect(await h.engine.pendingRequests(bundleIdentifier: app).isEmpty)
            return "\(error)"
        }
    }

    @Test func aTimeIntervalOf1e300IsRefusedNamingTheLimit() async throws {
        let message = try #require(try await refusal(request("far", trigger: after(1e300))))
        #expect(message.contains("trigger.timeInterval"))
        #expect(message.contains("3155760000 seconds (100 years)"))
        #expect(try await refusal(request("inf", trigger: after(.infinity))) != nil)
        #expect(try await refusal(request("century", trigger: after(RequestLimits.maximumTimeInterval))) == nil)
    }

    @Test(arguments: [
        (CalendarComponents(month: 13), "trigger.dateComponents.month", "from 1 to 12"),
        (CalendarComponents(year: Int.max), "trigger.dateComponents.year", "from 1 to 9999"),
        (CalendarComponents(hour: -1), "trigger.dateComponents.hour", "from 0 to 23"),
        (CalendarComponents(second: 61), "trigger.dateComponents.second", "from 0 to 59"),
        (CalendarComponents(weekday: 8), "trigger.dateComponents.weekday", "from 1 to 7"),
        (CalendarComponents(nanosecond: Int.min), "trigger.dateComponents.nanosecond", "from 0 to 999999999"),
        (CalendarComponents(hour: 9, timeZoneIdentifier: "Mars/Olympus"), "trigger.dateComponents.timeZone",
         "not a known time zone"),
    ])
    func calendarComponentsOutOfRangeAreRefused(components: CalendarComponents, field: String, limit: String) async throws {
        let message = try #require(try await refusal(request("cal", trigger: .calendar(components, repeats: false))))
        #expect(message.contains(field), "\(message)")
        #expect(message.contains(limit), "\(message)")
    }

    @Test func radiiBadgesAndScoresAreBounded() async throws {
        let huge = RegionRecord(identifier: "r", latitude: 0, longitude: 0, radius: 1e30)
        let radius = try #require(try await refusal(request("loc", trigger: .location(huge, repeats: false))))
        #expect(radius.contains("trigger.region.radius") && radius.contains("20000000 metres"))
        let nan = RegionRecord(identifier: "r", latitude: .nan, longitude: 0, radius: 10)
        #expect(try await refusal(request("nan", trigger: .location(nan, repeats: false)))?
            .contains("trigger.region.latitude") == true)

        let badge = try #require(try await refusal(request("b", badge: Int.max)))
        #expect(badge.contains("content.badge") && badge.contains("99999999"))

        var scored = request("s")
        scored.content.relevanceScore = .nan
        #expect(try await refusal(scored)?.contains("content.relevanceScore") == true)
        var counted = request("c")
        counted.content.summaryArgumentCount = -5
        #expect(try await refusal(counted)?.contains("content.summaryArgumentCount") == true)
    }

    @Test func aBadgeCountBeyondTheLimitIsRefused() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        await #expect(throws: UNError.self) {
            try await h.engine.setBadgeCount(Int.max, bundleIdentifier: app)
        }
        try await h.engine.setBadgeCount(RequestLimits.maximumBadge, bundleIdentifier: app)
    }

    @Test func aPushBadgeBeyondTheLimitIsRefused() throws {
        #expect(throws: PushError.self) {
            try PushPayload.parse(Data(#"{"aps":{"alert":"Hi","badge":100000000}}"#.utf8))
        }
    }
}
