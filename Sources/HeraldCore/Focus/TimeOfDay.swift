import Foundation

/// A wall-clock time of day, minute precision ("22:00"), read in the clock's time zone.
///
/// ```swift
/// let start = try TimeOfDay(parsing: "22:30", field: "start")   // 22:30
/// start.minutes    // 1350
/// ```
public struct TimeOfDay: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// 0…23.
    public var hour: Int
    /// 0…59.
    public var minute: Int

    public init(hour: Int, minute: Int = 0) {
        self.hour = hour
        self.minute = minute
    }

    /// Parses `H:MM` or `HH:MM` (24-hour clock). `field` names the value in the error.
    public init(parsing text: String, field: String = "time") throws {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), parts[1].count == 2 else {
            throw FocusError.invalid(field: field, reason: "'\(text)' is not a time; write it as HH:MM, e.g. 07:30")
        }
        guard (0...23).contains(hour) else {
            throw FocusError.invalid(field: field, reason: "hour \(hour) is out of range 0…23")
        }
        guard (0...59).contains(minute) else {
            throw FocusError.invalid(field: field, reason: "minute \(minute) is out of range 0…59")
        }
        self.init(hour: hour, minute: minute)
    }

    /// Minutes since midnight.
    public var minutes: Int { hour * 60 + minute }

    public var description: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.minutes < rhs.minutes }

    /// Encoded as `"HH:MM"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self = try TimeOfDay(parsing: text, field: decoder.codingPath.last?.stringValue ?? "time")
    }

    /// This time on the calendar day that contains `day`. A time that does not exist that day
    /// (skipped when the clocks go forward) moves forward by the gap (02:30 → 03:30); a time that
    /// happens twice (the clocks went back) is its first occurrence.
    public func date(onDayOf day: Date, calendar: Calendar) -> Date {
        let ymd = calendar.dateComponents([.year, .month, .day], from: day)
        let components = DateComponents(year: ymd.year, month: ymd.month, day: ymd.day, hour: hour, minute: minute)
        return calendar.date(from: components) ?? day
    }

    /// The first moment after `date` at which the wall clock shows this time.
    public func next(after date: Date, calendar: Calendar) -> Date {
        let today = self.date(onDayOf: date, calendar: calendar)
        if today > date { return today }
        let tomorrow = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: date)) ?? date
        return self.date(onDayOf: tomorrow, calendar: calendar)
    }
}
