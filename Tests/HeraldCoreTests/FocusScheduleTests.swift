import Foundation
import Testing
import HeraldCore

@Suite struct FocusScheduleTests {
    func calendar(_ zone: String = "UTC") -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    let nights = FocusSchedule(weekdays: FocusSchedule.weekdaysOnly, start: TimeOfDay(hour: 22), end: TimeOfDay(hour: 7))

    @Test func aWindowRunsAcrossMidnightAndBelongsToTheDayItStarts() {
        let c = calendar()
        // 2026-01-01 is a Thursday.
        #expect(nights.window(containing: utc(2026, 1, 1, 21, 59), calendar: c) == nil)
        #expect(nights.window(containing: utc(2026, 1, 1, 22), calendar: c)
                == DateInterval(start: utc(2026, 1, 1, 22), end: utc(2026, 1, 2, 7)))
        #expect(nights.window(containing: utc(2026, 1, 2, 6, 59), calendar: c)?.start == utc(2026, 1, 1, 22))
        #expect(nights.window(containing: utc(2026, 1, 2, 7), calendar: c) == nil)
        // Friday night's window runs into Saturday morning; Saturday and Sunday nights are off.
        #expect(nights.window(containing: utc(2026, 1, 3, 3), calendar: c)?.start == utc(2026, 1, 2, 22))
        #expect(nights.window(containing: utc(2026, 1, 3, 23), calendar: c) == nil)
        #expect(nights.window(containing: utc(2026, 1, 4, 23), calendar: c) == nil)
        #expect(nights.window(containing: utc(2026, 1, 5, 23), calendar: c) != nil)
        #expect(nights.nextStart(after: utc(2026, 1, 3, 12), calendar: c) == utc(2026, 1, 5, 22))
    }

    @Test func aDaytimeWindowEndsTheSameDay() {
        let work = FocusSchedule(weekdays: [5], start: TimeOfDay(hour: 9), end: TimeOfDay(hour: 17, minute: 30))
        let c = calendar()
        #expect(work.window(containing: utc(2026, 1, 1, 12), calendar: c)
                == DateInterval(start: utc(2026, 1, 1, 9), end: utc(2026, 1, 1, 17, 30)))
        #expect(work.window(containing: utc(2026, 1, 1, 18), calendar: c) == nil)
        #expect(!work.crossesMidnight)
    }

    @Test func springForwardShortensTheNightAndMovesASkippedTime() {
        // Berlin, 2026-03-29: 02:00 CET becomes 03:00 CEST.
        let c = calendar("Europe/Berlin")
        let daily = FocusSchedule(start: TimeOfDay(hour: 22), end: TimeOfDay(hour: 7))
        let night = daily.window(containing: utc(2026, 3, 29, 0), calendar: c)
        #expect(night?.start == utc(2026, 3, 28, 21))   // 22:00 CET
        #expect(night?.end == utc(2026, 3, 29, 5))      // 07:00 CEST
        #expect(night?.duration == TimeInterval(8 * 3600))
        let skipped = FocusSchedule(start: TimeOfDay(hour: 2, minute: 30), end: TimeOfDay(hour: 4))
        #expect(skipped.window(containing: utc(2026, 3, 29, 1, 45), calendar: c)?.start == utc(2026, 3, 29, 1, 30))
    }

    @Test func fallBackLengthensTheNight() {
        // Berlin, 2026-10-25: 03:00 CEST becomes 02:00 CET.
        let c = calendar("Europe/Berlin")
        let daily = FocusSchedule(start: TimeOfDay(hour: 22), end: TimeOfDay(hour: 7))
        let night = daily.window(containing: utc(2026, 10, 25, 3), calendar: c)
        #expect(night?.start == utc(2026, 10, 24, 20))   // 22:00 CEST
        #expect(night?.end == utc(2026, 10, 25, 6))      // 07:00 CET
        #expect(night?.duration == TimeInterval(10 * 3600))
    }

    @Test func theSameInstantIsInsideOrOutsideDependingOnTheZone() {
        let daily = FocusSchedule(start: TimeOfDay(hour: 22), end: TimeOfDay(hour: 7))
        let instant = utc(2026, 1, 1, 21, 30)
        #expect(daily.window(containing: instant, calendar: calendar("UTC")) == nil)
        #expect(daily.window(containing: instant, calendar: calendar("Europe/Berlin"))?.start == utc(2026, 1, 1, 21))
        #expect(daily.window(containing: instant, calendar: calendar("America/New_York")) == nil)
    }

    @Test func daysParse() throws {
        #expect(try FocusSchedule.weekdays(parsing: "weekdays") == [2, 3, 4, 5, 6])
        #expect(try FocusSchedule.weekdays(parsing: "mon-wed,sat") == [2, 3, 4, 7])
        #expect(try FocusSchedule.weekdays(parsing: "fri-mon") == [6, 7, 1, 2])
        #expect(try FocusSchedule.weekdays(parsing: "daily") == Set(1...7))
        #expect(throws: FocusError.self) { try FocusSchedule.weekdays(parsing: "funday") }
        #expect(nights.summary == "weekdays 22:00–07:00")
    }

    @Test func timesParseWithClearErrors() throws {
        #expect(try TimeOfDay(parsing: "7:05") == TimeOfDay(hour: 7, minute: 5))
        #expect(throws: FocusError.invalid(field: "start", reason: "hour 25 is out of range 0…23")) {
            try TimeOfDay(parsing: "25:00", field: "start")
        }
        #expect(throws: FocusError.self) { try TimeOfDay(parsing: "7pm") }
    }

    @Test func endsParseAndResolveInTheZone() throws {
        let c = calendar("Europe/Berlin")
        let now = utc(2026, 1, 1, 12)   // 13:00 in Berlin
        #expect(try FocusEnd(parsing: []) == .untilTurnedOff)
        #expect(try FocusEnd(parsing: ["for", "1h30m"]) == .duration(seconds: 5400))
        #expect(try FocusEnd(parsing: ["for", "1", "hour"]) == .duration(seconds: 3600))
        #expect(try FocusEnd(parsing: ["for", "90"]) == .duration(seconds: 5400))
        #expect(try FocusEnd(parsing: ["until", "14:00"]).endDate(from: now, calendar: c) == utc(2026, 1, 1, 13))
        #expect(try FocusEnd(parsing: ["until", "12:00"]).endDate(from: now, calendar: c) == utc(2026, 1, 2, 11))
        #expect(try FocusEnd(parsing: ["until", "tomorrow", "morning"]).endDate(from: now, calendar: c)
                == utc(2026, 1, 2, 7))
        // Before 05:00, "tomorrow morning" is this morning.
        #expect(FocusEnd.tomorrowMorning.endDate(from: utc(2026, 1, 1, 1), calendar: c) == utc(2026, 1, 1, 7))
        #expect(throws: FocusError.invalid(field: "for", reason: "is longer than the limit of 30 days")) {
            try FocusEnd(parsing: ["for", "31d"])
        }
        #expect(throws: FocusError.self) { try FocusEnd(parsing: ["for", "soon"]) }
        #expect(throws: FocusError.self) { try FocusEnd(parsing: ["whenever"]) }
    }

    @Test func modesValidateNamesAndLimits() {
        #expect(throws: FocusError.invalid(field: "name", reason: "is empty")) { try FocusMode(name: "").validate() }
        #expect(throws: FocusError.self) { try FocusMode(name: String(repeating: "x", count: 41)).validate() }
        #expect(throws: FocusError.self) { try FocusMode(name: "bad\u{1B}[31m").validate() }
        #expect(throws: FocusError.self) {
            try FocusMode(name: "Empty days", schedule: FocusSchedule(weekdays: [], start: TimeOfDay(hour: 1),
                                                                     end: TimeOfDay(hour: 2))).validate()
        }
    }
}
