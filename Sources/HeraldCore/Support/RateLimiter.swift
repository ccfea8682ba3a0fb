import Foundation

/// A per-key token bucket: each key (an app) may do `burst` things at once and
/// `perSecond` a second after that; past it, `admit` says no until tokens come back, and
/// `reserve` says how long to wait. The daemon's doors share one through `PostRateLimiter`.
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
        var bucket = refilled(key, now: now)
        let admitted = bucket.tokens >= 1
        if admitted { bucket.tokens -= 1 }
        store(bucket, for: key, now: now)
        return admitted
    }

    /// Takes one token for `key` even when none is left, running its bucket into debt; returns
    /// how long until that token is there (0 when it was). For a caller that can hold the work
    /// back instead of refusing it; meanwhile `admit` refuses the key until the debt is repaid.
    public mutating func reserve(_ key: String, now: Date) -> TimeInterval {
        var bucket = refilled(key, now: now)
        bucket.tokens -= 1
        store(bucket, for: key, now: now)
        return bucket.tokens >= 0 ? 0 : -bucket.tokens / limit.perSecond
    }

    /// `key`'s bucket with the tokens earned since it was last touched.
    private func refilled(_ key: String, now: Date) -> Bucket {
        var bucket = buckets[key] ?? Bucket(tokens: Double(limit.burst), updated: now)
        let elapsed = max(0, now.timeIntervalSince(bucket.updated))
        bucket.tokens = min(Double(limit.burst), bucket.tokens + elapsed * limit.perSecond)
        bucket.updated = now
        return bucket
    }

    private mutating func store(_ bucket: Bucket, for key: String, now: Date) {
        buckets[key] = bucket
        // Full buckets carry no information: forget them, so a million apps cost nothing.
        if buckets.count > 10_000 {
            buckets = buckets.filter { now.timeIntervalSince($0.value.updated) * limit.perSecond + $0.value.tokens < Double(limit.burst) }
        }
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
