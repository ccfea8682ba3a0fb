import Foundation

/// When a Focus mode turns itself on: on some days of the week, from `start` to `end` in the
/// clock's time zone. An `end` at or before `start` runs across midnight into the next day
/// (22:00–07:00); the window belongs to the day it starts on.
///
/// ```swift
/// let nights = FocusSchedule(weekdays: FocusSchedule.weekdaysOnly,
///                            start: TimeOfDay(hour: 22), end: TimeOfDay(hour: 7))
/// nights.window(containing: sundayNight, calendar: calendar)   // nil: Sunday is not listed
/// ```
public struct FocusSchedule: Sendable, Hashable, Codable {
    /// Calendar weekdays the window starts on: 1 = Sunday … 7 = Saturday.
    public var weekdays: Set<Int>
    public var start: TimeOfDay
    public var end: TimeOfDay

    /// Monday to Friday.
    public static let weekdaysOnly: Set<Int> = [2, 3, 4, 5, 6]
    /// Every day.
    public static let everyDay: Set<Int> = Set(1...7)

    public init(weekdays: Set<Int> = FocusSchedule.everyDay, start: TimeOfDay, end: TimeOfDay) {
        self.weekdays = weekdays
        self.start = start
        self.end = end
    }

    private enum CodingKeys: String, CodingKey { case weekdays, start, end }

    /// Weekdays are written in order (`[2,3,4,5,6]`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(weekdays.sorted(), forKey: .weekdays)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
    }

    /// Whether the window runs past midnight into the next day.
    public var crossesMidnight: Bool { end <= start }

    /// The window that contains `date`, if any.
    public func window(containing date: Date, calendar: Calendar) -> DateInterval? {
        let today = calendar.startOfDay(for: date)
        for offset in [0, -1] {
            guard let day = calendar.date(byAdding: .day, value: offset, to: today),
                  let window = window(startingOnDayOf: day, calendar: calendar) else { continue }
            if window.start <= date && date < window.end { return window }
        }
        return nil
    }

    /// The first window that starts after `date` (within the next eight days).
    public func nextStart(after date: Date, calendar: Calendar) -> Date? {
        let today = calendar.startOfDay(for: date)
        for offset in 0...8 {
            guard let day = calendar.date(byAdding: .day, value: offset, to: today),
                  let window = window(startingOnDayOf: day, calendar: calendar) else { continue }
            if window.start > date { return window.start }
        }
        return nil
    }

    /// The window that starts on the day of `day`, when that weekday is listed.
    func window(startingOnDayOf day: Date, calendar: Calendar) -> DateInterval? {
        guard weekdays.contains(calendar.component(.weekday, from: day)) else { return nil }
        let begin = start.date(onDayOf: day, calendar: calendar)
        var finishDay = day
        if crossesMidnight, let next = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: day)) {
            finishDay = next
        }
        let finish = end.date(onDayOf: finishDay, calendar: calendar)
        guard finish > begin else { return nil }
        return DateInterval(start: begin, end: finish)
    }

    /// Checks the weekdays (1…7, at least one).
    public func validate() throws {
        guard !weekdays.isEmpty else {
            throw FocusError.invalid(field: "days", reason: "name at least one day (mon…sun, weekdays, weekends, daily)")
        }
        if let bad = weekdays.first(where: { !(1...7).contains($0) }) {
            throw FocusError.invalid(field: "days", reason: "weekday \(bad) is out of range 1…7 (1 = Sunday)")
        }
    }

    /// Parses day names: `mon,tue`, `mon-fri`, `weekdays`, `weekends`, `daily`.
    public static func weekdays(parsing text: String) throws -> Set<Int> {
        let names = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
        func day(_ word: Substring) throws -> Int {
            let key = word.lowercased().prefix(3)
            guard let index = names.firstIndex(of: String(key)) else {
                throw FocusError.invalid(field: "days", reason: "'\(word)' is not a day; use mon…sun, weekdays, weekends or daily")
            }
            return index + 1
        }
        var result: Set<Int> = []
        for part in text.split(separator: ",") {
            switch part.lowercased() {
            case "weekdays": result.formUnion(weekdaysOnly)
            case "weekends": result.formUnion([1, 7])
            case "daily", "every", "everyday": result.formUnion(everyDay)
            default:
                let ends = part.split(separator: "-")
                if ends.count == 2 {
                    var index = try day(ends[0])
                    let last = try day(ends[1])
                    result.insert(index)
                    while index != last {
                        index = index % 7 + 1
                        result.insert(index)
                    }
                } else {
                    result.insert(try day(part))
                }
            }
        }
        guard !result.isEmpty else {
            throw FocusError.invalid(field: "days", reason: "name at least one day (mon…sun, weekdays, weekends, daily)")
        }
        return result
    }

    /// `mon-fri 22:00–07:00`.
    public var summary: String {
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let days: String
        if weekdays == FocusSchedule.everyDay { days = "daily" }
        else if weekdays == FocusSchedule.weekdaysOnly { days = "weekdays" }
        else if weekdays == [1, 7] { days = "weekends" }
        else { days = weekdays.sorted { ($0 + 5) % 7 < ($1 + 5) % 7 }.map { names[$0 - 1] }.joined(separator: ",") }
        return "\(days) \(start)–\(end)"
    }
}
