import Foundation

/// How long a Focus turned on by hand lasts.
///
/// ```swift
/// try FocusEnd(parsing: ["for", "1h30m"])          // .duration(seconds: 5400)
/// try FocusEnd(parsing: ["until", "14:00"])        // .until(time: 14:00)
/// try FocusEnd(parsing: ["until", "tomorrow"])     // .tomorrowMorning
/// ```
public enum FocusEnd: Sendable, Hashable, Codable {
    /// Until turned off.
    case untilTurnedOff
    /// For this many seconds.
    case duration(seconds: TimeInterval)
    /// Until the wall clock next shows this time.
    case until(time: TimeOfDay)
    /// Until `morning` tomorrow (today, when it is still before 05:00).
    case tomorrowMorning

    /// When "tomorrow morning" is.
    public static let morning = TimeOfDay(hour: 8)
    /// The longest `for` duration: 30 days.
    public static let longestDuration: TimeInterval = 30 * 86_400

    /// Throws `FocusError.invalid` naming the limit for a `duration` that is not above zero or
    /// is longer than `longestDuration` (what `duration(parsing:)` refuses, for a value that
    /// came as a number).
    public func validate() throws {
        guard case .duration(let seconds) = self else { return }
        guard seconds > 0, seconds <= Self.longestDuration else {
            throw FocusError.invalid(field: "duration", reason: "is \(seconds) seconds; it must be above 0 and at most "
                + "\(Int(Self.longestDuration)) seconds (30 days)")
        }
    }

    /// When a Focus turned on at `now` ends (`nil`: until turned off).
    public func endDate(from now: Date, calendar: Calendar) -> Date? {
        switch self {
        case .untilTurnedOff: return nil
        case .duration(let seconds): return now.addingTimeInterval(seconds)
        case .until(let time): return time.next(after: now, calendar: calendar)
        case .tomorrowMorning:
            let hour = calendar.component(.hour, from: now)
            if hour < 5 { return FocusEnd.morning.next(after: now, calendar: calendar) }
            let tomorrow = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: now)) ?? now
            return FocusEnd.morning.date(onDayOf: tomorrow, calendar: calendar)
        }
    }

    /// Reads the words after `focus on NAME`: nothing, `for 1h`, `for 90 minutes`,
    /// `until 14:00`, `until tomorrow [morning]`, `until off`.
    public init(parsing words: [String]) throws {
        guard let first = words.first?.lowercased() else {
            self = .untilTurnedOff
            return
        }
        let rest = Array(words.dropFirst())
        switch first {
        case "for":
            self = .duration(seconds: try FocusEnd.duration(parsing: rest.joined(separator: " ")))
        case "until":
            let phrase = rest.joined(separator: " ").lowercased()
            switch phrase {
            case "tomorrow", "tomorrow morning", "morning": self = .tomorrowMorning
            case "off", "turned off": self = .untilTurnedOff
            case "": throw FocusError.invalid(field: "until", reason: "give a time (14:00) or 'tomorrow morning'")
            default: self = .until(time: try TimeOfDay(parsing: phrase, field: "until"))
            }
        default:
            throw FocusError.invalid(field: "end", reason: "'\(words[0])' is not understood; use 'for 1h' or 'until 14:00'")
        }
    }

    /// Parses `1h`, `90m`, `1h30m`, `1 hour 30 minutes`, `45s`, `2d` into seconds (> 0, at most 30 days).
    public static func duration(parsing text: String) throws -> TimeInterval {
        let units: [(names: [String], seconds: Double)] = [
            (["s", "sec", "secs", "second", "seconds"], 1),
            (["m", "min", "mins", "minute", "minutes"], 60),
            (["h", "hr", "hrs", "hour", "hours"], 3600),
            (["d", "day", "days"], 86_400),
        ]
        var total = 0.0
        var number = ""
        var unit = ""
        var sawAny = false
        func flush() throws {
            guard !number.isEmpty || !unit.isEmpty else { return }
            guard let value = Double(number) else {
                throw FocusError.invalid(field: "for", reason: "'\(text)' is not a duration; write e.g. 1h, 90m or 1h30m")
            }
            let name = unit.isEmpty ? "m" : unit   // a bare number is minutes
            guard let match = units.first(where: { $0.names.contains(name) }) else {
                throw FocusError.invalid(field: "for", reason: "'\(unit)' is not a unit; use s, m, h or d")
            }
            total += value * match.seconds
            sawAny = true
            number = ""
            unit = ""
        }
        for character in text.lowercased() {
            if character.isNumber || character == "." {
                if !unit.isEmpty { try flush() }
                number.append(character)
            } else if character.isLetter {
                unit.append(character)
            } else if character == " " {
                if !unit.isEmpty { try flush() }
            } else {
                throw FocusError.invalid(field: "for", reason: "'\(text)' is not a duration; write e.g. 1h, 90m or 1h30m")
            }
        }
        try flush()
        guard sawAny, total > 0 else {
            throw FocusError.invalid(field: "for", reason: "give a duration above zero, e.g. 1h or 90m")
        }
        guard total <= longestDuration else {
            throw FocusError.invalid(field: "for", reason: "is longer than the limit of 30 days")
        }
        return total
    }
}
