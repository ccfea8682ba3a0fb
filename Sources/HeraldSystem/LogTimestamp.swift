#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The time of day a log line starts with: UTC to the millisecond, `HH:MM:SS.mmm` (ISO 8601's
/// time, as `Date.ISO8601FormatStyle.time(includingFractionalSeconds: true)` writes it), made
/// from the clock by hand. The daemon writes a line for every connection; a format style cost
/// more than the rest of a `herald post`'s connection did.
///
/// ```swift
/// print(LogTimestamp.now())   // 18:53:34.484
/// ```
public enum LogTimestamp {
    /// The time of day of `instant` (the real-time clock's reading by default).
    public static func now(_ instant: timespec = realtimeClock()) -> String {
        var seconds = time_t(instant.tv_sec)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var text: [UInt8] = Array("00:00:00.000".utf8)
        func put(_ value: Int, at index: Int, digits: Int) {
            var value = value
            for position in stride(from: index + digits - 1, through: index, by: -1) {
                text[position] = 0x30 + UInt8(value % 10)
                value /= 10
            }
        }
        put(Int(parts.tm_hour), at: 0, digits: 2)
        put(Int(parts.tm_min), at: 3, digits: 2)
        put(Int(parts.tm_sec), at: 6, digits: 2)
        put(Int(instant.tv_nsec / 1_000_000), at: 9, digits: 3)
        return String(decoding: text, as: UTF8.self)
    }

    /// `CLOCK_REALTIME` now.
    public static func realtimeClock() -> timespec {
        var instant = timespec()
        clock_gettime(CLOCK_REALTIME, &instant)
        return instant
    }
}
