import Foundation
import Testing
import HeraldCore

@Suite struct ManualClockTests {
    @Test func setAndAdvanceMoveTheTime() {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 100))
        clock.advance(by: 5)
        #expect(clock.now() == Date(timeIntervalSince1970: 105))
        clock.set(Date(timeIntervalSince1970: 50))
        #expect(clock.now() == Date(timeIntervalSince1970: 50))
    }

    @Test func sleepReturnsAtOnceForAPastDate() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 100))
        try await clock.sleep(until: Date(timeIntervalSince1970: 100))
        try await clock.sleep(until: Date(timeIntervalSince1970: 10))
        #expect(clock.sleeperCount == 0)
    }

    @Test func sleepersWakeOnlyWhenTheirDateComes() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 0))
        let early = Task { try await clock.sleep(until: Date(timeIntervalSince1970: 10)) }
        let late = Task { try await clock.sleep(until: Date(timeIntervalSince1970: 20)) }
        await clock.waitForSleepers(2)
        #expect(clock.nextWakeDate == Date(timeIntervalSince1970: 10))
        clock.advance(by: 10)
        try await early.value
        #expect(clock.sleeperCount == 1)
        clock.set(Date(timeIntervalSince1970: 25))
        try await late.value
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancellingASleeperThrowsAndUnregisters() async {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 0))
        let task = Task { try await clock.sleep(until: Date(timeIntervalSince1970: 1000)) }
        await clock.waitForSleepers(1)
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.sleeperCount == 0)
    }

    @Test func aCancelledTaskDoesNotSleep() async {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 0))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(until: Date(timeIntervalSince1970: 1000))
        }
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.sleeperCount == 0)
    }

    @Test func systemClockSleepsUntilAPastDateAtOnce() async throws {
        let clock = SystemClock()
        try await clock.sleep(until: Date(timeIntervalSinceNow: -1))
        #expect(abs(clock.now().timeIntervalSinceNow) < 1)
    }
}
