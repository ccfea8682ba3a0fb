import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// The stress scenarios at CI size: the same code as `herald-bench stress SCENARIO`
/// (docs/RELIABILITY.md), which runs them at full size. Each run prints what it tried and exits 1
/// when anything was lost or a limit did not hold.
@Suite struct ReliabilityStressTests {
    /// Runs `herald-bench stress ARGS…` and returns its exit status and output.
    static func stress(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let result = try await runBuiltProgram("herald-bench", ["stress"] + arguments)
        return (result.status, result.stdout + result.stderr)
    }

    /// Item 1: requests due at one instant, the real daemon stopped with SIGKILL and with SIGTERM
    /// just after it; each request is still pending (and fires at the next start) or delivered,
    /// exactly once.
    @Test func scheduledRequestsSurviveAStopAtTheirDueTime() async throws {
        let result = try await Self.stress(["scheduled", "--size", "120", "--rounds", "1", "--delays", "5,40"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("lost 0, duplicated 0"), "\(result.output)")
    }

    /// Item 3: 300 clients that say nothing, the real daemon at 1,024 descriptors; the clients
    /// with a hello among them are served, the silent ones let go are told why, no thread each.
    @Test func silentClientsLockNobodyOut() async throws {
        let result = try await Self.stress(["silent", "--size", "300", "--no-hello-wait"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("0 not; "), "\(result.output)")
    }

    /// Item 3: subscribers that never read are dropped with queueOverflow at 8 MiB, and the
    /// daemon's memory comes back.
    @Test func subscribersThatNeverReadAreDroppedAndMemoryComesBack() async throws {
        let result = try await Self.stress(["subscribers", "--size", "700"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("8 told queueOverflow"), "\(result.output)")
    }

    /// Clients that ask for the whole history and never read: every reply is one page within
    /// the line limit, each reader finds it when it reads, and the daemon's memory comes back.
    @Test func readersThatNeverReadGetPagesAndMemoryComesBack() async throws {
        let result = try await Self.stress(["readers", "--size", "300"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("20 answered") && result.output.contains("over the limit 0"), "\(result.output)")
    }

    /// Item 3: clients that vanish in every state leave no thread and no descriptor behind.
    @Test func vanishingClientsLeaveNothingBehind() async throws {
        let result = try await Self.stress(["vanishing", "--size", "120"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("lost 0"), "\(result.output)")
    }

    /// Item 4: a flood from one app is refused past its rate with rateLimited, nothing
    /// acknowledged is lost, and `herald apps` is answered meanwhile.
    @Test func aFloodIsRateLimitedClearlyAndOthersAreStillAnswered() async throws {
        let result = try await Self.stress(["flood", "--size", "2000", "--rate-limit", "100"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("0 unclear"), "\(result.output)")
    }
}
}
