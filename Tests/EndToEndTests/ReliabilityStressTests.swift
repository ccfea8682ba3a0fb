import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// Issue 12's stress scenarios at CI size: the same code as `herald-bench stress SCENARIO`
/// (docs/RELIABILITY.md), which runs them at full size. Each run prints what it tried and exits 1
/// when anything was lost or a limit did not hold.
@Suite struct ReliabilityStressTests {
    /// Runs `herald-bench stress ARGS…` and returns its exit status and output.
    static func stress(_ arguments: [String]) -> (status: Int32, output: String) {
        guard let child = try? ChildProcess(BuiltProducts.path("herald-bench"), ["stress"] + arguments,
                                            environment: nil, captureOutput: true) else {
            return (-1, "herald-bench could not start")
        }
        let (out, err) = child.readOutputs(input: nil)
        let status = child.wait()
        return (status, String(decoding: out, as: UTF8.self) + String(decoding: err, as: UTF8.self))
    }

    /// Item 1: requests due at one instant, the real daemon stopped with SIGKILL and with SIGTERM
    /// just after it; each request is still pending (and fires at the next start) or delivered,
    /// exactly once.
    @Test func scheduledRequestsSurviveAStopAtTheirDueTime() {
        let result = Self.stress(["scheduled", "--size", "120", "--rounds", "1", "--delays", "5,40"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("lost 0, duplicated 0"), "\(result.output)")
    }
}
}
