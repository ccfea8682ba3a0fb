import Foundation

/// Dates as the UI writes them, computed with a fixed calendar (no locale-dependent formatters).
public enum TimeFormat {
    static func components(_ date: Date, _ timeZone: TimeZone) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    }

    /// "14:05".
    public static func clock(_ date: Date, timeZone: TimeZone) -> String {
        let c = components(date, timeZone)
        return two(c.hour ?? 0) + ":" + two(c.minute ?? 0)
    }

    /// "14:05" on the same day as `now`, else "03-17" (month-day); always five columns.
    public static func short(_ date: Date, now: Date, timeZone: TimeZone) -> String {
        let c = components(date, timeZone), n = components(now, timeZone)
        if c.year == n.year && c.month == n.month && c.day == n.day { return clock(date, timeZone: timeZone) }
        return two(c.month ?? 0) + "-" + two(c.day ?? 0)
    }

    /// "2025-03-17 14:05:09".
    public static func full(_ date: Date, timeZone: TimeZone) -> String {
        let c = components(date, timeZone)
        return "\(c.year ?? 0)-\(two(c.month ?? 0))-\(two(c.day ?? 0)) \(two(c.hour ?? 0)):\(two(c.minute ?? 0)):\(two(c.second ?? 0))"
    }

    /// "512 B", "1.2 KB", "3.4 MB".
    public static func byteCount(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024 && unit < units.count - 1 { value /= 1024; unit += 1 }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
