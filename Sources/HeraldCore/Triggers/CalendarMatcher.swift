import Foundation

/// Apple's calendar-trigger matching, as a pure function of the components and a date.
///
/// Rules (`UNCalendarNotificationTrigger`):
/// - Units larger than the largest given unit are free (they repeat).
/// - Units smaller than the largest given unit that are not given take their minimum, even when
///   they sit between two given units: `day 30, minute 10` fires at 00:10 on the 30th.
///   `weekday`, `weekdayOrdinal`, `weekOfMonth` and `weekOfYear` count as day-level units, so
///   `weekday 3, hour 14` is "Tuesdays at 14:00:00" and no `day` is filled in.
/// - A day the month lacks rolls over to the next day (`.nextTimePreservingSmallerComponents`).
/// - A year in the past yields `nil`.
/// - The components' own calendar and time zone are used, else the current ones.
///
/// ```swift
/// let next = CalendarMatcher.nextDate(after: .now, matching: CalendarComponents(hour: 8))
/// // the next 08:00:00
/// ```
public enum CalendarMatcher {
    /// The first date strictly after `date` that matches `components`; `nil` when none will
    /// (a past year, or no components at all). This is `nextTriggerDate()` with `date = now`.
    ///
    /// Common shapes in the Gregorian calendar take `CalendarFastPath` (integer arithmetic);
    /// everything else, and anything near a time-zone offset change, is Foundation's answer
    /// (`foundationNextDate`). Both give identical results.
    public static func nextDate(after date: Date, matching components: CalendarComponents) -> Date? {
        if let fast = CalendarFastPath.nextDate(after: date, matching: components) { return fast }
        return foundationNextDate(after: date, matching: components)
    }

    /// `nextDate(after:matching:)` computed by Foundation's `Calendar.nextDate` alone: the
    /// reference the fast path is tested and measured against.
    public static func foundationNextDate(after date: Date, matching components: CalendarComponents) -> Date? {
        guard let matching = filledComponents(components) else { return nil }
        let calendar = calendar(for: components)
        guard var result = calendar.nextDate(after: date, matching: matching,
                                             matchingPolicy: .nextTimePreservingSmallerComponents,
                                             repeatedTimePolicy: .first, direction: .forward)
        else { return nil }
        // Foundation should answer strictly after `date`; make sure of it.
        var guardCount = 0
        while result <= date && guardCount < 4 {
            guardCount += 1
            guard let later = calendar.nextDate(after: date.addingTimeInterval(Double(guardCount)),
                                                matching: matching, matchingPolicy: .nextTimePreservingSmallerComponents,
                                                repeatedTimePolicy: .first, direction: .forward)
            else { return nil }
            result = later
        }
        guard result > date else { return nil }
        // A given year never matches again once passed (and a roll-over must stay inside it).
        if let year = components.year, calendar.component(.year, from: result) != year { return nil }
        return result
    }

    /// The calendar the components are matched in, with their time zone.
    public static func calendar(for components: CalendarComponents) -> Calendar {
        var calendar = components.calendarIdentifier.flatMap(calendarIdentifier(from:)).map { Calendar(identifier: $0) }
            ?? Calendar.current
        if let zone = components.timeZoneIdentifier.flatMap(TimeZone.init(identifier:)) {
            calendar.timeZone = zone
        }
        return calendar
    }

    /// The components Foundation is asked to match: the given ones plus the minimum of every
    /// smaller unit that was not given. `nil` when nothing is given.
    public static func filledComponents(_ c: CalendarComponents) -> DateComponents? {
        // Levels from largest to smallest: era, year, month, day, hour, minute, second, nanosecond.
        let dayLevelGiven = c.day != nil || c.weekday != nil || c.weekdayOrdinal != nil
            || c.weekOfMonth != nil || c.weekOfYear != nil
        let levels: [Bool] = [c.era != nil, c.year != nil || c.yearForWeekOfYear != nil || c.quarter != nil,
                              c.month != nil, dayLevelGiven, c.hour != nil, c.minute != nil, c.second != nil,
                              c.nanosecond != nil]
        guard let largest = levels.firstIndex(of: true) else { return nil }
        var result = DateComponents()
        result.era = c.era
        result.year = c.year
        result.month = c.month
        result.day = c.day
        result.hour = c.hour
        result.minute = c.minute
        result.second = c.second
        result.nanosecond = c.nanosecond
        result.weekday = c.weekday
        result.weekdayOrdinal = c.weekdayOrdinal
        result.quarter = c.quarter
        result.weekOfMonth = c.weekOfMonth
        result.weekOfYear = c.weekOfYear
        result.yearForWeekOfYear = c.yearForWeekOfYear
        // Fill the minimum of each smaller unit (month 1, day 1, hour/minute/second 0); a week-based
        // year (`yearForWeekOfYear`, `weekOfYear`) has no month to fill.
        let weekBased = c.weekOfYear != nil || c.yearForWeekOfYear != nil
        if largest < 2 && c.month == nil && !weekBased { result.month = 1 }
        if largest < 3 && !dayLevelGiven && !weekBased { result.day = 1 }
        if largest < 4 && c.hour == nil { result.hour = 0 }
        if largest < 5 && c.minute == nil { result.minute = 0 }
        if largest < 6 && c.second == nil { result.second = 0 }
        return result
    }

    /// `Calendar.Identifier` from its Swift case name (`gregorian`, `islamicCivil`) or its CLDR
    /// name (`islamic-civil`).
    public static func calendarIdentifier(from string: String) -> Calendar.Identifier? {
        let table: [String: Calendar.Identifier] = [
            "gregorian": .gregorian, "buddhist": .buddhist, "chinese": .chinese, "coptic": .coptic,
            "ethiopicAmeteMihret": .ethiopicAmeteMihret, "ethiopic": .ethiopicAmeteMihret,
            "ethiopicAmeteAlem": .ethiopicAmeteAlem, "ethioaa": .ethiopicAmeteAlem,
            "ethiopic-amete-alem": .ethiopicAmeteAlem, "hebrew": .hebrew, "iso8601": .iso8601,
            "indian": .indian, "islamic": .islamic, "islamicCivil": .islamicCivil, "islamic-civil": .islamicCivil,
            "japanese": .japanese, "persian": .persian, "republicOfChina": .republicOfChina, "roc": .republicOfChina,
            "islamicTabular": .islamicTabular, "islamic-tbla": .islamicTabular,
            "islamicUmmAlQura": .islamicUmmAlQura, "islamic-umalqura": .islamicUmmAlQura,
        ]
        return table[string]
    }

    /// The string stored in `CalendarComponents.calendarIdentifier` for a calendar (its Swift case name).
    public static func calendarIdentifierString(_ identifier: Calendar.Identifier) -> String {
        "\(identifier)"
    }
}

extension CalendarComponents {
    /// The engine form of Foundation's `DateComponents` (calendar and time zone by identifier).
    public init(_ components: DateComponents) {
        self.init(era: components.era, year: components.year, month: components.month, day: components.day,
                  hour: components.hour, minute: components.minute, second: components.second,
                  nanosecond: components.nanosecond, weekday: components.weekday,
                  weekdayOrdinal: components.weekdayOrdinal, quarter: components.quarter,
                  weekOfMonth: components.weekOfMonth, weekOfYear: components.weekOfYear,
                  yearForWeekOfYear: components.yearForWeekOfYear,
                  calendarIdentifier: components.calendar.map { CalendarMatcher.calendarIdentifierString($0.identifier) },
                  timeZoneIdentifier: components.timeZone?.identifier)
    }

    /// Foundation's `DateComponents` with exactly these units (no minimums filled in).
    public var dateComponents: DateComponents {
        var result = DateComponents()
        result.era = era
        result.year = year
        result.month = month
        result.day = day
        result.hour = hour
        result.minute = minute
        result.second = second
        result.nanosecond = nanosecond
        result.weekday = weekday
        result.weekdayOrdinal = weekdayOrdinal
        result.quarter = quarter
        result.weekOfMonth = weekOfMonth
        result.weekOfYear = weekOfYear
        result.yearForWeekOfYear = yearForWeekOfYear
        if let identifier = calendarIdentifier.flatMap(CalendarMatcher.calendarIdentifier(from:)) {
            result.calendar = Calendar(identifier: identifier)
        }
        if let zone = timeZoneIdentifier.flatMap(TimeZone.init(identifier:)) {
            result.timeZone = zone
        }
        return result
    }
}
