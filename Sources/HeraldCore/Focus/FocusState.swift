import Foundation

/// Everything Focus remembers across restarts (stored as one value under `FocusState.storeKey`):
/// the modes, a Focus turned on by hand, a schedule turned off early, the notifications the
/// active Focus held, and the scheduled summary's times and collection.
///
/// Pure: every question takes the time and the calendar (in the clock's zone).
///
/// ```swift
/// var state = FocusState()
/// state.manual = ManualFocus(name: "Do Not Disturb", until: nil)
/// state.status(at: now, calendar: calendar)?.name   // "Do Not Disturb"
/// ```
public struct FocusState: Sendable, Hashable, Codable {
    /// A Focus turned on by hand.
    public struct ManualFocus: Sendable, Hashable, Codable {
        public var name: String
        /// `nil`: until turned off.
        public var until: Date?
    }

    /// The Focus that is on, and what it has held so far.
    public struct Session: Sendable, Hashable, Codable {
        public var name: String
        public var startedAt: Date
        public var held: [HeldNotification] = []
    }

    /// The modes, the built-in Do Not Disturb first.
    public var modes: [FocusMode] = [.doNotDisturb]
    public var manual: ManualFocus?
    /// Scheduled Focus stays off until then (it was turned off during its window).
    public var scheduleSkippedUntil: Date?
    public var session: Session?
    /// When the scheduled summary is delivered each day.
    public var summaryTimes: [TimeOfDay] = [TimeOfDay(hour: 8), TimeOfDay(hour: 18)]
    /// Notifications waiting for the next scheduled summary.
    public var collected: [HeldNotification] = []
    /// When the collected notifications are delivered.
    public var summaryDueAt: Date?

    /// Where the engine keeps this in the store's key-value table.
    public static let storeKey = "focus"
    /// Most modes, the built-in one included.
    public static let modeLimit = 32
    /// Most scheduled-summary times a day.
    public static let summaryTimesLimit = 12

    public init() {}

    /// Whether no Focus can be on and nothing waits: no Focus turned on by hand, no schedules,
    /// no session, no summary due. Time alone changes nothing then.
    var isIdle: Bool {
        manual == nil && scheduleSkippedUntil == nil && session == nil && summaryDueAt == nil && collected.isEmpty
            && modes.allSatisfy { $0.schedule == nil }
    }

    public func mode(named name: String) -> FocusMode? { modes.first { $0.isNamed(name) } }

    /// The Focus on at `now`: one turned on by hand (until its end), else the first mode whose
    /// schedule window contains `now` (unless schedules were turned off until later).
    public func status(at now: Date, calendar: Calendar) -> FocusStatus? {
        if let manual, manual.until.map({ $0 > now }) ?? true, let mode = mode(named: manual.name) {
            return FocusStatus(name: mode.name, endsAt: manual.until, isScheduled: false)
        }
        if let skipped = scheduleSkippedUntil, skipped > now { return nil }
        for mode in modes {
            if let window = mode.schedule?.window(containing: now, calendar: calendar) {
                return FocusStatus(name: mode.name, endsAt: window.end, isScheduled: true)
            }
        }
        return nil
    }

    /// The next moment after `now` at which the Focus may change or a summary is due: a timer's
    /// end, a schedule window's start or end, the end of a skipped window, a summary time.
    public func nextChange(after now: Date, calendar: Calendar) -> Date? {
        var candidates: [Date] = []
        if let until = manual?.until { candidates.append(until) }
        if let skipped = scheduleSkippedUntil { candidates.append(skipped) }
        if let end = status(at: now, calendar: calendar)?.endsAt { candidates.append(end) }
        for mode in modes {
            if let start = mode.schedule?.nextStart(after: now, calendar: calendar) { candidates.append(start) }
        }
        if let due = summaryDueAt { candidates.append(due) }
        return candidates.filter { $0 > now }.min()
    }

    /// The first summary time after `date`.
    public func nextSummaryTime(after date: Date, calendar: Calendar) -> Date? {
        summaryTimes.map { $0.next(after: date, calendar: calendar) }.min()
    }

    /// What a user interface shows.
    public func overview(at now: Date, calendar: Calendar) -> FocusOverview {
        let active = status(at: now, calendar: calendar)
        return FocusOverview(modes: modes, active: active,
                             heldCount: active != nil ? session?.held.count ?? 0 : 0,
                             summaryTimes: summaryTimes, collectedCount: collected.count,
                             nextSummaryAt: summaryDueAt)
    }
}
