import Foundation

/// The numeric limits of a request: every number an app sends is checked on
/// the way in, so nothing the center accepts can make a reader trap later (a `timeInterval` of
/// `1e300` once made `herald pending` die converting it to `Int`).
///
/// | Field | Limit |
/// |---|---|
/// | `trigger.timeInterval` | > 0 and ≤ 3,155,760,000 s (100 years); ≥ 60 when repeating |
/// | `trigger.dateComponents.*` | the calendar's range (`calendarRanges`), e.g. month 1…12, year 1…9999 |
/// | `trigger.region.radius` | > 0 and ≤ 20,000,000 m |
/// | `content.badge`, badge counts | 0…`maximumBadge` (99,999,999) |
/// | `content.summaryArgumentCount` | 0…`maximumBadge` |
/// | `content.relevanceScore` | 0…1 |
/// | `content.sound.volume` | 0…1 |
extension RequestLimits {
    /// The longest time-interval trigger: 100 Julian years, in seconds.
    public static let maximumTimeInterval: TimeInterval = 3_155_760_000
    /// The largest region radius, in metres (about half the Earth's circumference).
    public static let maximumRadius: Double = 20_000_000
    /// The largest badge (and summary argument count).
    public static let maximumBadge = 99_999_999

    /// The allowed range of each calendar component (`DateComponents` field names).
    public static let calendarRanges: [(name: String, range: ClosedRange<Int>, value: @Sendable (CalendarComponents) -> Int?)] = [
        ("era", 0...1, \.era), ("year", 1...9999, \.year), ("month", 1...12, \.month), ("day", 1...31, \.day),
        ("hour", 0...23, \.hour), ("minute", 0...59, \.minute), ("second", 0...59, \.second),
        ("nanosecond", 0...999_999_999, \.nanosecond), ("weekday", 1...7, \.weekday),
        ("weekdayOrdinal", -6...6, \.weekdayOrdinal), ("quarter", 1...4, \.quarter),
        ("weekOfMonth", 0...6, \.weekOfMonth), ("weekOfYear", 1...53, \.weekOfYear),
        ("yearForWeekOfYear", 1...9999, \.yearForWeekOfYear),
    ]

    /// Checks a time-interval trigger: Apple's rule first (its message), then finite and at most
    /// `maximumTimeInterval`.
    static func validate(timeInterval seconds: TimeInterval, repeats: Bool) throws {
        if let message = TimeIntervalTriggerRule.validate(interval: seconds, repeats: repeats) {
            throw EngineError.invalidRequest(field: "trigger.timeInterval", reason: "is \(seconds): \(message)")
        }
        guard seconds.isFinite, seconds <= maximumTimeInterval else {
            throw EngineError.invalidRequest(field: "trigger.timeInterval", reason:
                "is \(seconds) seconds; the limit is \(Int(maximumTimeInterval)) seconds (100 years)")
        }
    }

    /// Checks every component of a calendar trigger against `calendarRanges`, and its calendar
    /// and time zone identifiers.
    static func validate(calendar components: CalendarComponents) throws {
        for (name, range, value) in calendarRanges {
            if let number = value(components), !range.contains(number) {
                throw EngineError.invalidRequest(field: "trigger.dateComponents.\(name)",
                    reason: "is \(number); it must be from \(range.lowerBound) to \(range.upperBound)")
            }
        }
        if let zone = components.timeZoneIdentifier {
            try checkLength(zone, field: "trigger.dateComponents.timeZone", limit: identifierFieldBytes)
            guard TimeZone(identifier: zone) != nil else {
                throw EngineError.invalidRequest(field: "trigger.dateComponents.timeZone",
                                                 reason: "is \"\(zone)\", which is not a known time zone")
            }
        }
        if let calendar = components.calendarIdentifier {
            try checkLength(calendar, field: "trigger.dateComponents.calendar", limit: identifierFieldBytes)
        }
    }

    /// Checks a location trigger's circle.
    static func validate(region: RegionRecord) throws {
        guard region.latitude >= -90, region.latitude <= 90 else {
            throw EngineError.invalidRequest(field: "trigger.region.latitude",
                                             reason: "is \(region.latitude); it must be from -90 to 90")
        }
        guard region.longitude >= -180, region.longitude <= 180 else {
            throw EngineError.invalidRequest(field: "trigger.region.longitude",
                                             reason: "is \(region.longitude); it must be from -180 to 180")
        }
        guard region.radius > 0, region.radius <= maximumRadius else {
            throw EngineError.invalidRequest(field: "trigger.region.radius", reason:
                "is \(region.radius); it must be more than 0 and at most \(Int(maximumRadius)) metres")
        }
        try checkLength(region.identifier, field: "trigger.region.identifier", limit: identifierFieldBytes)
    }

    /// Checks the numbers of a request's content.
    static func validateNumbers(content: ContentRecord) throws {
        if let badge = content.badge {
            try validate(badge: badge, field: "content.badge")
        }
        guard (0...maximumBadge).contains(content.summaryArgumentCount) else {
            throw EngineError.invalidRequest(field: "content.summaryArgumentCount",
                reason: "is \(content.summaryArgumentCount); it must be from 0 to \(maximumBadge)")
        }
        guard content.relevanceScore >= 0, content.relevanceScore <= 1 else {
            throw EngineError.invalidRequest(field: "content.relevanceScore",
                                             reason: "is \(content.relevanceScore); it must be from 0 to 1")
        }
        if let volume = content.sound?.volume, !(volume >= 0 && volume <= 1) {
            throw EngineError.invalidRequest(field: "content.sound.volume", reason: "is \(volume); it must be from 0 to 1")
        }
    }

    /// Checks a badge number (`field` names it in the error).
    public static func validate(badge: Int, field: String) throws {
        guard (0...maximumBadge).contains(badge) else {
            throw EngineError.invalidRequest(field: field, reason: "is \(badge); it must be from 0 to \(maximumBadge)")
        }
    }
}
