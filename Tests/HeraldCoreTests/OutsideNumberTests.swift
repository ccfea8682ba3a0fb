import Foundation
import Testing
import HeraldCore
import TestSupport

/// Numbers from outside — a client's timeout, a Focus duration, a file's header — never stop
/// the process: each is refused naming its limit, or clamped where a sleep takes it.
@Suite struct OutsideNumberTests {
    @Test(arguments: [1e19, 1e300, .infinity, -1, -.infinity, .nan, 0, 2.5])
    func anyNumberOfSecondsBecomesNanosecondsWithoutATrap(seconds: Double) {
        let nanoseconds = Seconds.nanoseconds(seconds)
        if seconds > 0 {
            #expect(nanoseconds == UInt64(min(seconds, Seconds.longest) * 1e9))
        } else {
            #expect(nanoseconds == 0)
        }
    }

    @Test(arguments: [1e300, 30 * 86_400 + 1, .infinity, .nan, 0, -60])
    func aFocusDurationOutsideItsLimitIsRefusedNamingIt(seconds: Double) async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        await #expect {
            try await h.engine.changeFocus(.turnOn(name: "Do Not Disturb", end: .duration(seconds: seconds)))
        } throws: { error in
            guard case .invalid(let field, let reason) = error as? FocusError else { return false }
            return field == "duration" && reason.contains("2592000 seconds (30 days)")
        }
        #expect(try await h.engine.focusOverview().active == nil)
    }

    @Test func aFocusOfThirtyDaysIsTaken() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        try await h.engine.changeFocus(.turnOn(name: "Do Not Disturb", end: .duration(seconds: FocusEnd.longestDuration)))
        #expect(await h.engine.doNotDisturb())
    }

    /// Work on a file that does not finish in time is abandoned: the caller goes on, and what
    /// the work makes when it finishes after all is handed back to be deleted.
    @Test func fileWorkPastItsTimeLimitIsAbandonedAndItsResultDiscarded() async throws {
        let release = DispatchSemaphore(value: 0)
        let discarded = DispatchSemaphore(value: 0)
        do {
            _ = try await FileWork.run(timeLimit: 0.2, timeoutError: TestFailure("late"), {
                release.wait()
                return 42
            }, discardLate: { value in
                if value == 42 { discarded.signal() }
            })
            Issue.record("the work was waited for")
        } catch let error as TestFailure {
            #expect(error.description == "late")
        }
        release.signal()
        #expect(await offThePool { discarded.wait(timeout: .now() + 20) == .success })
    }
}
