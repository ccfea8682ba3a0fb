import Foundation
import HeraldCore

/// `DateComponents` ↔ the engine's `CalendarComponents` (calendar and time zone by identifier).
enum CalendarConversion {
    static func components(from c: DateComponents) -> CalendarComponents {
        CalendarComponents(era: c.era, year: c.year, month: c.month, day: c.day, hour: c.hour, minute: c.minute,
                           second: c.second, nanosecond: c.nanosecond, weekday: c.weekday,
                           weekdayOrdinal: c.weekdayOrdinal, quarter: c.quarter, weekOfMonth: c.weekOfMonth,
                           weekOfYear: c.weekOfYear, yearForWeekOfYear: c.yearForWeekOfYear,
                           calendarIdentifier: c.calendar.map { identifierString($0.identifier) },
                           timeZoneIdentifier: c.timeZone?.identifier)
    }

    static func dateComponents(from c: CalendarComponents) -> DateComponents {
        var result = DateComponents()
        result.calendar = c.calendarIdentifier.flatMap(calendarIdentifier).map { Calendar(identifier: $0) }
        result.timeZone = c.timeZoneIdentifier.flatMap { TimeZone(identifier: $0) }
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
        return result
    }

    private static let identifiers: [(Calendar.Identifier, String)] = [
        (.gregorian, "gregorian"), (.buddhist, "buddhist"), (.chinese, "chinese"), (.coptic, "coptic"),
        (.ethiopicAmeteMihret, "ethiopic"), (.ethiopicAmeteAlem, "ethiopic-amete-alem"), (.hebrew, "hebrew"),
        (.iso8601, "iso8601"), (.indian, "indian"), (.islamic, "islamic"), (.islamicCivil, "islamic-civil"),
        (.japanese, "japanese"), (.persian, "persian"), (.republicOfChina, "roc"),
        (.islamicTabular, "islamic-tbla"), (.islamicUmmAlQura, "islamic-umalqura"),
    ]

    static func identifierString(_ identifier: Calendar.Identifier) -> String {
        identifiers.first { $0.0 == identifier }?.1 ?? "gregorian"
    }

    static func calendarIdentifier(_ string: String) -> Calendar.Identifier? {
        identifiers.first { $0.1 == string }?.0
    }
}
