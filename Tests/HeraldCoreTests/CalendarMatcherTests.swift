import Foundation
import Testing
import HeraldCore

@Suite struct CalendarMatcherTests {
    func next(_ c: CalendarComponents, after date: Date) -> Date? {
        CalendarMatcher.nextDate(after: date, matching: c)
    }

    @Test func hourAloneIsTheNextOClock() {
        #expect(next(components(hour: 8), after: utc(2026, 1, 1)) == utc(2026, 1, 1, 8))
        #expect(next(components(hour: 8), after: utc(2026, 1, 1, 9)) == utc(2026, 1, 2, 8))
    }

    @Test func aMatchIsStrictlyAfterTheDate() {
        #expect(next(components(hour: 8), after: utc(2026, 1, 1, 8)) == utc(2026, 1, 2, 8))
        #expect(next(components(hour: 8), after: utc(2026, 1, 1, 7, 59, 59)) == utc(2026, 1, 1, 8))
    }

    @Test func minuteBoundaries() {
        let c = components(hour: 9, minute: 30)
        #expect(next(c, after: utc(2026, 1, 1, 9, 29, 59)) == utc(2026, 1, 1, 9, 30))
        #expect(next(c, after: utc(2026, 1, 1, 9, 30)) == utc(2026, 1, 2, 9, 30))
        #expect(next(c, after: utc(2026, 1, 1, 9, 30).addingTimeInterval(0.5)) == utc(2026, 1, 2, 9, 30))
        #expect(next(c, after: utc(2026, 1, 1, 9, 30, 59)) == utc(2026, 1, 2, 9, 30))
    }

    @Test func minuteAloneIsEveryHourAtSecondZero() {
        #expect(next(components(minute: 10), after: utc(2026, 1, 1, 0, 9, 59)) == utc(2026, 1, 1, 0, 10))
        #expect(next(components(minute: 10), after: utc(2026, 1, 1, 0, 10, 0)) == utc(2026, 1, 1, 1, 10))
        #expect(next(components(minute: 10), after: utc(2026, 1, 1, 0, 10, 30)) == utc(2026, 1, 1, 1, 10))
    }

    @Test func secondAloneIsEveryMinute() {
        #expect(next(components(second: 5), after: utc(2026, 1, 1, 0, 0, 5)) == utc(2026, 1, 1, 0, 1, 5))
    }

    @Test func unitsBetweenGivenUnitsTakeTheirMinimum() {
        // day 30, minute 10 → 00:10:00 on the 30th, not minute 10 of every hour of the 30th.
        let c = components(day: 30, minute: 10)
        #expect(next(c, after: utc(2026, 1, 1)) == utc(2026, 1, 30, 0, 10))
        #expect(next(c, after: utc(2026, 1, 30, 0, 10)) != utc(2026, 1, 30, 1, 10))
        let filled = CalendarMatcher.filledComponents(c)
        #expect(filled?.hour == 0 && filled?.second == 0 && filled?.minute == 10 && filled?.month == nil)
    }

    @Test func aDayTheMonthLacksRollsOverToTheNextDay() {
        // After Jan 30 the next "30th" is in February, which has none: it rolls to March 1.
        #expect(next(components(day: 30, minute: 10), after: utc(2026, 1, 30, 0, 10)) == utc(2026, 3, 1, 0, 10))
        #expect(next(components(day: 31), after: utc(2026, 4, 5)) == utc(2026, 5, 1))
        #expect(next(components(month: 2, day: 29), after: utc(2026, 1, 1)) == utc(2026, 3, 1))
    }

    @Test func aPastYearNeverMatches() {
        #expect(next(components(year: 2020), after: utc(2026, 1, 1)) == nil)
        #expect(next(components(year: 2026, month: 1, day: 1, hour: 0), after: utc(2026, 1, 1)) == nil)
        #expect(next(components(year: 2027, month: 3), after: utc(2026, 1, 1)) == utc(2027, 3, 1))
    }

    @Test func weekdayCountsAsADayLevelUnit() {
        // 2026-01-01 is a Thursday; weekday 3 is Tuesday.
        let c = components(hour: 14, weekday: 3)
        #expect(next(c, after: utc(2026, 1, 1)) == utc(2026, 1, 6, 14))
        #expect(next(c, after: utc(2026, 1, 6, 14)) == utc(2026, 1, 13, 14))
        #expect(CalendarMatcher.filledComponents(c)?.day == nil)
    }

    @Test func monthAloneIsTheFirstAtMidnight() {
        #expect(next(components(month: 6), after: utc(2026, 1, 1)) == utc(2026, 6, 1))
    }

    @Test func impossibleOrEmptyComponentsNeverMatch() {
        #expect(next(components(), after: utc(2026, 1, 1)) == nil)
        #expect(next(components(hour: 25), after: utc(2026, 1, 1)) == nil)
    }

    @Test func theComponentsOwnTimeZoneIsUsed() {
        let c = CalendarComponents(hour: 8, calendarIdentifier: "gregorian", timeZoneIdentifier: "Asia/Tokyo")
        #expect(next(c, after: utc(2026, 1, 1)) == utc(2026, 1, 1, 23))
    }

    @Test func dateComponentsRoundTrip() {
        var dc = DateComponents(hour: 7, minute: 5, weekday: 2)
        dc.calendar = Calendar(identifier: .gregorian)
        dc.timeZone = TimeZone(identifier: "Europe/Paris")
        let record = CalendarComponents(dc)
        #expect(record.calendarIdentifier == "gregorian")
        #expect(record.timeZoneIdentifier == "Europe/Paris")
        #expect(record.dateComponents.hour == 7 && record.dateComponents.weekday == 2)
        #expect(record.dateComponents.calendar?.identifier == .gregorian)
        #expect(CalendarMatcher.calendarIdentifier(from: "islamic-civil") == .islamicCivil)
    }
}
