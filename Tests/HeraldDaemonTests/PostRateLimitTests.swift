import Foundation
import HeraldCore
@testable import HeraldWire
@testable import HeraldClient
@testable import HeraldDaemon
import Testing
import TestSupport

/// One app flooding the center is refused past its rate, with an error that
/// says so; other apps are not held back.
@Suite struct PostRateLimitTests {
    @Test func postsPastTheRateAreRefusedNamingTheLimit() async throws {
        let clock = Date(timeIntervalSince1970: 1_800_000_000)
        let center = try await InProcessCenter { configuration in
            configuration.postRate = RateLimit(perSecond: 1, burst: 5)
            configuration.now = { clock }   // time stands still: no token comes back
        }
        defer { center.stop() }
        let client = try await center.cli()
        defer { client.close() }
        func post(_ app: String, _ n: Int) async throws {
            _ = try await client.call(Methods.post, PostParams(bundleIdentifier: app,
                request: RequestRecord(identifier: "\(app)-\(n)", content: ContentRecord(title: "N \(n)"))))
        }
        for n in 0..<5 { try await post("com.example.ci", n) }
        do {
            try await post("com.example.ci", 5)
            Issue.record("the sixth post of a burst of five was accepted")
        } catch let error as WireError {
            #expect(error.reason == IPCProtocolReason.rateLimited.rawValue)
            #expect(error.message.contains("com.example.ci is posting faster than its limit of 1 a second (bursts of 5)"))
        }
        try await post("com.example.mail", 0)   // another app has its own bucket
        #expect(try await center.engine.history(HistoryQuery(limit: 100)).count == 6)
    }

    @Test func theBucketRefillsAtTheRate() {
        var limiter = RateLimiter(RateLimit(perSecond: 2, burst: 2))
        let start = Date(timeIntervalSince1970: 0)
        let answers = [0, 0, 0, 0.5, 0.5].map { limiter.admit("a", now: start.addingTimeInterval($0)) }
        #expect(answers == [true, true, false, true, false])
    }

    /// What the broker door does past the rate: take the token anyway and wait for it; the debt
    /// holds the other doors' `admit` off until it is repaid.
    @Test func reservingPastTheBurstSaysHowLongToWaitAndRunsIntoDebt() {
        var limiter = RateLimiter(RateLimit(perSecond: 2, burst: 2))
        let start = Date(timeIntervalSince1970: 0)
        let waits = (0..<4).map { _ in limiter.reserve("a", now: start) }
        #expect(waits == [0, 0, 0.5, 1.0])
        let atOne = limiter.admit("a", now: start.addingTimeInterval(1))          // the debt of 2 just repaid
        let atOneAndAHalf = limiter.admit("a", now: start.addingTimeInterval(1.5))
        let otherKey = limiter.reserve("b", now: start)                          // its own bucket
        #expect(!atOne && atOneAndAHalf && otherKey == 0)
    }
}
