import Foundation
import Testing
import TestSupport
@testable import HeraldCore

/// The calendar fast path against Foundation: random dates and components in several zones
/// (daylight saving in both hemispheres, half-hour offsets and DST, a skipped day), every hour
/// around daylight-saving transitions, and the arithmetic it rests on.
@Suite struct CalendarFastPathTests {
    static let zones = ["Europe/Berlin", "America/New_York", "UTC", "Australia/Lord_Howe", "Asia/Kolkata",
                        "America/Sao_Paulo", "Pacific/Apia", "Europe/Moscow", "America/Caracas"]

    /// Random components of the shapes the fast path takes, plus a few it must decline.
    static func randomComponents(_ rng: inout SeededGenerator, zone: String) -> CalendarComponents {
        var c = CalendarComponents(calendarIdentifier: "gregorian", timeZoneIdentifier: zone)
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: c.second = Int.random(in: 0...59, using: &rng)                                   // every minute
        case 1: c.minute = Int.random(in: 0...59, using: &rng)                                   // hourly
        case 2: c.hour = Int.random(in: 0...23, using: &rng)                                     // daily
                c.minute = Int.random(in: 0...59, using: &rng)
        case 3: c.hour = Int.random(in: 0...23, using: &rng)
                c.minute = Int.random(in: 0...59, using: &rng)
                c.second = Int.random(in: 0...59, using: &rng)
        case 4: c.weekday = Int.random(in: 1...7, using: &rng)                                   // weekly
                c.hour = Int.random(in: 0...23, using: &rng)
        case 5: c.day = Int.random(in: 1...31, using: &rng)                                      // monthly
                c.hour = Bool.random(using: &rng) ? Int.random(in: 0...23, using: &rng) : nil
        case 6: c.month = Int.random(in: 1...12, using: &rng)                                    // yearly
                c.day = Int.random(in: 1...31, using: &rng)
        case 7: c.month = Int.random(in: 1...12, using: &rng)
        case 8: c.weekday = Int.random(in: 1...7, using: &rng)
                c.minute = Bool.random(using: &rng) ? Int.random(in: 0...59, using: &rng) : nil
        default: // shapes left to Foundation
            c.year = Int.random(in: 2020...2040, using: &rng)
            c.hour = Int.random(in: 0...23, using: &rng)
        }
        return c
    }

    static func randomDate(_ rng: inout SeededGenerator) -> Date {
        // 1972…2098, with fractions of a second half of the time.
        let seconds = Double(Int.random(in: 63_072_000...4_039_000_000, using: &rng))
        return Date(timeIntervalSince1970: seconds + (Bool.random(using: &rng) ? Double.random(in: 0..<1, using: &rng) : 0))
    }

    @Test func randomDatesAndComponentsMatchFoundation() {
        var rng = SeededGenerator(seed: 0x4845_5241_4C44)
        var fast = 0
        var total = 0
        for _ in 0..<20_000 {
            let zone = Self.zones.randomElement(using: &rng)!
            let c = Self.randomComponents(&rng, zone: zone)
            let date = Self.randomDate(&rng)
            total += 1
            guard let answer = CalendarFastPath.nextDate(after: date, matching: c) else { continue }
            fast += 1
            let expected = CalendarMatcher.foundationNextDate(after: date, matching: c)
            #expect(answer == expected, "\(c) after \(date.timeIntervalSince1970)")
        }
        // The shapes it takes are most of them (not everything fell back).
        #expect(fast > total * 7 / 10, "fast path used \(fast) of \(total) times")
    }

    @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Pacific/Apia"])
    func everyHourAroundTransitions(zone: String) {
        let table = ZoneOffsets.zone(zone)!
        let transitions = table.transitions.filter { (946_684_800..<1_900_000_000).contains($0) }.prefix(12)
        let shapes = [CalendarComponents(hour: 2, minute: 30), CalendarComponents(hour: 3),
                      CalendarComponents(minute: 15), CalendarComponents(second: 0),
                      CalendarComponents(hour: 2, weekday: 1), CalendarComponents(day: 1, hour: 0)]
        for transition in transitions {
            for hour in -72...72 {
                let date = Date(timeIntervalSince1970: Double(transition + hour * 3_600 + 17))
                for var c in shapes {
                    c.calendarIdentifier = "gregorian"
                    c.timeZoneIdentifier = zone
                    let expected = CalendarMatcher.foundationNextDate(after: date, matching: c)
                    #expect(CalendarMatcher.nextDate(after: date, matching: c) == expected)
                    if let answer = CalendarFastPath.nextDate(after: date, matching: c) {
                        #expect(answer == expected, "\(c) after \(date.timeIntervalSince1970)")
                    }
                }
            }
        }
    }

    @Test func declinesWhatItDoesNotHandle() {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(CalendarFastPath.nextDate(after: date, matching: CalendarComponents(year: 2030, hour: 1,
            calendarIdentifier: "gregorian", timeZoneIdentifier: "UTC")) == nil)
        #expect(CalendarFastPath.nextDate(after: date, matching: CalendarComponents(hour: 1,
            calendarIdentifier: "hebrew", timeZoneIdentifier: "UTC")) == nil)
        #expect(CalendarFastPath.nextDate(after: date, matching: CalendarComponents(hour: 1, nanosecond: 5,
            calendarIdentifier: "gregorian", timeZoneIdentifier: "UTC")) == nil)
        // 31 November does not exist: Foundation rolls over to 1 December.
        let november = Date(timeIntervalSince1970: 1_699_000_000)   // 2023-11-03
        #expect(CalendarFastPath.nextDate(after: november, matching: CalendarComponents(day: 31,
            calendarIdentifier: "gregorian", timeZoneIdentifier: "UTC")) == nil)
        #expect(CalendarMatcher.nextDate(after: november, matching: CalendarComponents(day: 31,
            calendarIdentifier: "gregorian", timeZoneIdentifier: "UTC")) == utc(2023, 12, 1))
    }

    @Test func gregorianArithmeticMatchesFoundation() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<5_000 {
            let days = Int.random(in: -135_000...156_000, using: &rng)   // 1600…2400 (Foundation is Julian before 1582)
            let date = Date(timeIntervalSince1970: Double(days) * 86_400)
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
            let civil = GregorianDate.civil(days)
            #expect(civil.year == parts.year && civil.month == parts.month && civil.day == parts.day)
            #expect(GregorianDate.weekday(days) == parts.weekday)
            #expect(GregorianDate.days(year: civil.year, month: civil.month, day: civil.day) == days)
        }
    }

    @Test(arguments: zones)
    func zoneTablesMatchFoundation(zone: String) {
        let table = ZoneOffsets.zone(zone)!
        let timeZone = TimeZone(identifier: zone)!
        var rng = SeededGenerator(seed: 11)
        for _ in 0..<2_000 {
            let instant = Int.random(in: ZoneOffsets.coveredRange, using: &rng)
            #expect(table.offset(at: instant) == timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant))))
        }
        for transition in table.transitions {
            for instant in [transition - 1, transition, transition + 1] {
                #expect(table.offset(at: instant) == timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant))))
            }
        }
    }
}
