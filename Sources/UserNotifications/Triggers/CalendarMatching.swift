import Foundation
import HeraldCore

/// Apple's calendar-trigger matching (stand-in until HeraldCore's shared matcher lands): the
/// next date after `date` matching `components`, in their calendar and time zone.
enum CalendarMatching {
    static func nextDate(after date: Date, matching components: CalendarComponents) -> Date? {
        var calendar = components.calendarIdentifier.flatMap(CalendarConversion.calendarIdentifier)
            .map { Calendar(identifier: $0) } ?? Calendar.current
        if let zone = components.timeZoneIdentifier.flatMap({ TimeZone(identifier: $0) }) { calendar.timeZone = zone }
        var match = CalendarConversion.dateComponents(from: components)
        match.calendar = nil
        match.timeZone = nil
        return calendar.nextDate(after: date, matching: match, matchingPolicy: .nextTimePreservingSmallerComponents)
    }
}
