@testable import HeraldStore
import Testing

/// When a background checkpoint is scheduled (`CheckpointSchedule`): at the threshold, then
/// after each step of growth or each interval, and from the threshold again once the log
/// restarted.
@Suite struct CheckpointScheduleTests {
    /// The commits, as (log pages, nanoseconds), at which a schedule of threshold 400, step 100
    /// and interval 1,000 ns schedules a checkpoint, each starting at once (before the next commit).
    static func scheduled(_ commits: [(pages: Int32, at: UInt64)]) -> [Int32] {
        var schedule = CheckpointSchedule(threshold: 400, step: 100, interval: 1_000)
        var scheduled: [Int32] = []
        for commit in commits where schedule.shouldSchedule(afterCommitLeaving: commit.pages, at: commit.at) {
            scheduled.append(commit.pages)
            schedule.started()
        }
        return scheduled
    }

    @Test func aGrowingLogIsCheckpointedAtTheThresholdThenEveryStep() {
        // A burst of three-page commits in less than an interval, which the checkpoints never
        // catch up with (no restart).
        let commits = stride(from: Int32(3), through: 1_600, by: 3).map { (pages: $0, at: UInt64(5_000)) }
        let scheduled = Self.scheduled(commits)
        #expect(scheduled.first == 402)
        // 402, then every 102 pages (the first commit a step or more past the last): 12 in all,
        // where a checkpoint after every commit past the threshold would be 400.
        #expect(scheduled.count == 12)
        #expect(zip(scheduled, scheduled.dropFirst()).allSatisfy { $1 - $0 >= 100 && $1 - $0 < 103 })
    }

    @Test func aSlowlyGrowingLogIsCheckpointedEveryInterval() {
        // One three-page commit every 300 ns: past the threshold, a step takes 34 commits (10,200
        // ns) and an interval 4 (1,200 ns).
        let commits: [(pages: Int32, at: UInt64)] = (0..<200).map { (n: Int) in
            let pages = Int32(3 * (n + 1))
            let at = UInt64(300 * n)
            return (pages, at)
        }
        let scheduled = Self.scheduled(commits)
        #expect(scheduled.first == 402)
        #expect(zip(scheduled, scheduled.dropFirst()).allSatisfy { $1 - $0 == 12 })
    }

    @Test func aRestartedLogStartsFromTheThresholdAgain() {
        let scheduled = Self.scheduled([399, 450, 470, 520, 550, 3, 300, 410, 480, 510].map { (pages: $0, at: UInt64(0)) })
        #expect(scheduled == [450, 550, 410, 510])
    }

    @Test func nothingIsScheduledWhileOneIsQueued() {
        var schedule = CheckpointSchedule(threshold: 400, step: 100, interval: 1_000)
        let first = schedule.shouldSchedule(afterCommitLeaving: 400, at: 0)
        let whileQueued = schedule.shouldSchedule(afterCommitLeaving: 600, at: 5_000)
        #expect(first && !whileQueued && schedule.isQueued)
        schedule.started()
        let afterStart = schedule.shouldSchedule(afterCommitLeaving: 610, at: 5_000)
        #expect(afterStart)
    }
}
