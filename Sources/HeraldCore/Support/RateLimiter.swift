import Foundation

/// A per-key token bucket (issue 12, item 4): each key (an app) may do `burst` things at once and
/// `perSecond` a second after that; past it, `admit` says no until tokens come back. A door calls
/// it before handing a post to the engine and answers a refusal with a clear error.
///
/// ```swift
/// var limiter = RateLimiter(RateLimit(perSecond: 50, burst: 500))
/// limiter.admit("com.example.ci", now: Date())   // true until the bucket is empty
/// ```
public struct RateLimiter: Sendable {
    public let limit: RateLimit
    private var buckets: [String: Bucket] = [:]

    private struct Bucket: Sendable {
        var tokens: Double
        var updated: Date
    }

    public init(_ limit: RateLimit) { self.limit = limit }

    /// Takes one token for `key`; `false` when its bucket is empty.
    public mutating func admit(_ key: String, now: Date) -> Bool {
        var bucket = buckets[key] ?? Bucket(tokens: Double(limit.burst), updated: now)
        let elapsed = max(0, now.timeIntervalSince(bucket.updated))
        bucket.tokens = min(Double(limit.burst), bucket.tokens + elapsed * limit.perSecond)
        bucket.updated = now
        let admitted = bucket.tokens >= 1
        if admitted { bucket.tokens -= 1 }
        buckets[key] = bucket
        // Full buckets carry no information: forget them, so a million apps cost nothing.
        if buckets.count > 10_000 {
            buckets = buckets.filter { now.timeIntervalSince($0.value.updated) * limit.perSecond + $0.value.tokens < Double(limit.burst) }
        }
        return admitted
    }
}

/// How fast one key may go: `perSecond` sustained, `burst` at once.
public struct RateLimit: Sendable, Hashable, Codable, CustomStringConvertible {
    public var perSecond: Double
    public var burst: Int

    public init(perSecond: Double, burst: Int) {
        self.perSecond = perSecond
        self.burst = burst
    }

    /// The daemon's default for posts per app: 50 a second, bursts of 500.
    public static let defaultPosts = RateLimit(perSecond: 50, burst: 500)

    public var description: String {
        let rate = perSecond == perSecond.rounded() ? String(Int(perSecond)) : String(perSecond)
        return "\(rate) a second (bursts of \(burst))"
    }
}
