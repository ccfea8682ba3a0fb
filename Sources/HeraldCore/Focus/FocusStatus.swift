import Foundation

/// The Focus that is on right now, for the header and `herald focus`.
///
/// ```swift
/// if let focus = overview.active { print("\(focus.name) until \(focus.endsAt!)") }
/// ```
public struct FocusStatus: Sendable, Hashable, Codable {
    public var name: String
    /// When it turns itself off; `nil`: when turned off.
    public var endsAt: Date?
    /// Whether its schedule turned it on (otherwise it was turned on by hand).
    public var isScheduled: Bool

    public init(name: String, endsAt: Date?, isScheduled: Bool) {
        self.name = name
        self.endsAt = endsAt
        self.isScheduled = isScheduled
    }
}

/// Everything about Focus a user interface shows: the modes, which one is on, how many
/// notifications it has held, and the scheduled summary.
public struct FocusOverview: Sendable, Hashable, Codable {
    public var modes: [FocusMode]
    public var active: FocusStatus?
    /// Notifications held by the active Focus so far.
    public var heldCount: Int
    /// The times of day the scheduled summary is delivered.
    public var summaryTimes: [TimeOfDay]
    /// Notifications collected for the next scheduled summary.
    public var collectedCount: Int
    /// When the next scheduled summary is due (when something was collected).
    public var nextSummaryAt: Date?

    public init(modes: [FocusMode], active: FocusStatus?, heldCount: Int, summaryTimes: [TimeOfDay],
                collectedCount: Int, nextSummaryAt: Date?) {
        self.modes = modes
        self.active = active
        self.heldCount = heldCount
        self.summaryTimes = summaryTimes
        self.collectedCount = collectedCount
        self.nextSummaryAt = nextSummaryAt
    }
}

/// A change to Focus, from the UI, the command line or the protocol.
///
/// ```swift
/// try await center.changeFocus(.turnOn(name: "Work", end: .duration(seconds: 3600)))
/// ```
public enum FocusChange: Sendable, Hashable, Codable {
    /// Turns a mode on by hand (replacing any Focus that is on).
    case turnOn(name: String, end: FocusEnd)
    /// Turns off whatever Focus is on; a scheduled one stays off until its window ends.
    case turnOff
    /// Adds a mode, or replaces the one with the same name.
    case saveMode(mode: FocusMode)
    /// Removes a mode (not the built-in Do Not Disturb).
    case removeMode(name: String)
    /// Sets the times of day the scheduled summary is delivered (at most 12).
    case setSummaryTimes(times: [TimeOfDay])
}

extension FocusStatus {
    /// When it ends, as a person reads it: `until 14:00`, `until Fri 08:00` (more than a day
    /// away, or not today), `until turned off`.
    public func endText(now: Date, calendar: Calendar) -> String {
        guard let endsAt else { return "until turned off" }
        let time = TimeOfDay(hour: calendar.component(.hour, from: endsAt), minute: calendar.component(.minute, from: endsAt))
        if calendar.isDate(endsAt, inSameDayAs: now) || endsAt.timeIntervalSince(now) < 12 * 3600 {
            return "until \(time)"
        }
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        return "until \(names[calendar.component(.weekday, from: endsAt) - 1]) \(time)"
    }
}
