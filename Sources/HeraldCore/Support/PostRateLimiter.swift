import Foundation
import Synchronization

/// The per-app post limit of one daemon, shared by every door a post can come through (the
/// socket, D-Bus `Notify`, the broker): one bucket per app whichever door it uses, so an app
/// flooding through D-Bus or a remote publisher is held to the same rate as `herald post`.
///
/// Each door says no its own way: the socket answers `rateLimited`, D-Bus
/// `org.freedesktop.DBus.Error.LimitsExceeded` (both `admit`, naming the app and the limit). The
/// broker door, whose publisher cannot be answered but whose broker keeps what is not yet taken,
/// holds the post back instead (`reserve`): a backlog queued while the daemon was down arrives
/// whole, at the rate.
///
/// ```swift
/// let limiter = PostRateLimiter(RateLimit(perSecond: 50, burst: 500))
/// do { try limiter.admit("com.example.ci") } catch { print(error) }   // "com.example.ci is posting faster…"
/// Thread.sleep(forTimeInterval: limiter.reserve("cron"))             // 0 while within the rate
/// ```
public final class PostRateLimiter: Sendable {
    /// How fast one app may post.
    public let limit: RateLimit
    private let buckets: Mutex<RateLimiter>
    private let now: @Sendable () -> Date

    /// `now` is the clock the buckets refill by (tests stop it).
    public init(_ limit: RateLimit, now: @escaping @Sendable () -> Date = { Date() }) {
        self.limit = limit
        buckets = Mutex(RateLimiter(limit))
        self.now = now
    }

    /// Takes one of `app`'s tokens; throws when it has none left.
    public func admit(_ app: String) throws(Refusal) {
        let now = now()
        guard buckets.withLock({ $0.admit(app, now: now) }) else { throw Refusal(app: app, limit: limit) }
    }

    /// Takes one of `app`'s tokens even when none is left; returns how long to hold the post back
    /// (0 within the rate). Meanwhile `admit` refuses the app.
    public func reserve(_ app: String) -> TimeInterval {
        let now = now()
        return buckets.withLock { $0.reserve(app, now: now) }
    }

    /// A limiter with the same limit and clock and buckets of its own: for counting by another
    /// key (the D-Bus door's per-connection limit) without sharing the apps' buckets.
    public func withSeparateBuckets() -> PostRateLimiter {
        PostRateLimiter(limit, now: now)
    }

    /// A post refused for its app's rate: the sentence names the app and the limit.
    public struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        public var app: String
        public var limit: RateLimit

        public var description: String {
            "\(app) is posting faster than its limit of \(limit); this notification was refused — slow down and send it again"
        }
    }
}
