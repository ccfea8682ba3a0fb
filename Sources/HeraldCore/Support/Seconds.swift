/// Seconds as the whole units sleeps and timers take, for any value — never a trap. (Swift's
/// `UInt64(x)` stops the process when `x` is NaN, negative or too large: a timeout of `1e19`
/// seconds from a client would kill whoever converts it.)
///
/// ```swift
/// try await Task.sleep(nanoseconds: Seconds.nanoseconds(timeout))   // 1e19 → about 31 years
/// ```
public enum Seconds {
    /// The longest time a sleep or timer is given, about 31 years; a longer one waits this long.
    public static let longest: Double = 1e9

    /// `seconds` in nanoseconds: 0 for negative or NaN, at most `longest` seconds' worth.
    public static func nanoseconds(_ seconds: Double) -> UInt64 {
        guard seconds > 0 else { return 0 }   // (NaN is not > 0 either)
        return UInt64(min(seconds, longest) * 1e9)
    }
}
