import Foundation

/// What makes a pending request fire.
///
/// The calendar and location payloads are `indirect` (boxed): they are large (a
/// `CalendarComponents` is ~250 bytes) and rare, and inline they would make every trigger —
/// and every pending request — that large.
public enum TriggerRecord: Sendable, Hashable, Codable {
    /// Fires `seconds` after it was scheduled; when repeating, at every later multiple (≥ 60 s).
    case timeInterval(seconds: TimeInterval, repeats: Bool)
    /// Fires at the next date matching the components (Apple's matching rules).
    indirect case calendar(CalendarComponents, repeats: Bool)
    /// Fires when the device enters or leaves a circular region.
    indirect case location(RegionRecord, repeats: Bool)
    /// Marks a notification that came as a push; never pending.
    case push

    public var repeats: Bool {
        switch self {
        case .timeInterval(_, let repeats), .calendar(_, let repeats), .location(_, let repeats): return repeats
        case .push: return false
        }
    }
}

/// The date components of a calendar trigger, in a form that encodes cleanly.
public struct CalendarComponents: Sendable, Hashable, Codable {
    public var era: Int?
    public var year: Int?
    public var month: Int?
    public var day: Int?
    public var hour: Int?
    public var minute: Int?
    public var second: Int?
    public var nanosecond: Int?
    public var weekday: Int?
    public var weekdayOrdinal: Int?
    public var quarter: Int?
    public var weekOfMonth: Int?
    public var weekOfYear: Int?
    public var yearForWeekOfYear: Int?
    /// Calendar identifier (e.g. `gregorian`); `nil` is the current calendar.
    public var calendarIdentifier: String?
    /// Time zone identifier; `nil` is the current time zone.
    public var timeZoneIdentifier: String?

    public init(era: Int? = nil, year: Int? = nil, month: Int? = nil, day: Int? = nil, hour: Int? = nil,
                minute: Int? = nil, second: Int? = nil, nanosecond: Int? = nil, weekday: Int? = nil,
                weekdayOrdinal: Int? = nil, quarter: Int? = nil, weekOfMonth: Int? = nil,
                weekOfYear: Int? = nil, yearForWeekOfYear: Int? = nil,
                calendarIdentifier: String? = nil, timeZoneIdentifier: String? = nil) {
        self.era = era
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
        self.weekday = weekday
        self.weekdayOrdinal = weekdayOrdinal
        self.quarter = quarter
        self.weekOfMonth = weekOfMonth
        self.weekOfYear = weekOfYear
        self.yearForWeekOfYear = yearForWeekOfYear
        self.calendarIdentifier = calendarIdentifier
        self.timeZoneIdentifier = timeZoneIdentifier
    }
}

/// A circular geographic region (the engine's form of `CLCircularRegion`).
public struct RegionRecord: Sendable, Hashable, Codable {
    public var identifier: String
    public var latitude: Double
    public var longitude: Double
    /// Metres.
    public var radius: Double
    public var notifyOnEntry: Bool
    public var notifyOnExit: Bool

    public init(identifier: String, latitude: Double, longitude: Double, radius: Double,
                notifyOnEntry: Bool = true, notifyOnExit: Bool = true) {
        self.identifier = identifier
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
        self.notifyOnEntry = notifyOnEntry
        self.notifyOnExit = notifyOnExit
    }
}
