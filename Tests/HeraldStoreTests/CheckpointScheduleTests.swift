@testable import HeraldStore
import Testing

/// When a background checkpoint is scheduled (`CheckpointSchedule`): at the threshold, then
/// after each step of growth, and from the threshold again once the log restarted.
@Suite struct CheckpointScheduleTests {
    /// The log sizes, commit by commit, at which a schedule of threshold 400 and step 100
    /// schedules a checkpoint, each starting at once (before the next commit).
    static func scheduled(commitsLeaving sizes: [Int32]) -> [Int32] {
        var schedule = CheckpointSchedule(threshold: 400, step: 100)
        var scheduled: [Int32] = []
        for size in sizes where schedule.shouldSchedule(afterCommitLeaving: size) {
            scheduled.append(size)
            schedule.started()
        }
        return scheduled
    }

    @Test func aGrowingLogIsCheckpointedAtTheThresholdThenEveryStep() {
        // A steady stream of three-page commits the checkpoints never catch up with (no restart).
        let sizes = Array(stride(from: Int32(3), through: 1_600, by: 3))
        let scheduled = Self.scheduled(commitsLeaving: sizes)
        #expect(scheduled.first == 402)
        // 402, then every 102 pages (the first commit a step or more past the last): 12 in all,
        // where a checkpoint after every commit past the threshold would be 400.
        #expect(scheduled.count == 12)
        #expect(zip(scheduled, scheduled.dropFirst()).allSatisfy { $1 - $0 >= 100 && $1 - $0 < 103 })
    }

    @Test func aRestartedLogStartsFromTheThresholdAgain() {
        let scheduled = Self.scheduled(commitsLeaving: [399, 450, 470, 520, 550, 3, 300, 410, 480, 510])
        #expect(scheduled == [450, 550, 410, 510])
    }

    @Test func nothingIsScheduledWhileOneIsQueued() {
        var schedule = CheckpointSchedule(threshold: 400, step: 100)
        let first = schedule.shouldSchedule(afterCommitLeaving: 400)
        let whileQueued = schedule.shouldSchedule(afterCommitLeaving: 600)
        #expect(first && !whileQueued && schedule.isQueued)
        schedule.started()
        let afterStart = schedule.shouldSchedule(afterCommitLeaving: 700)
        #expect(afterStart)
    }
}
