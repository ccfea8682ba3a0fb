/// When `WALCheckpointer` schedules a background checkpoint, told each commit's log size and
/// the time.
///
/// Once the log holds `threshold` pages; then, past it, when the log has grown by `step` pages
/// since the last one was scheduled or `interval` has passed since (a log that restarted from
/// the top starts over) — never while one is still queued. Every checkpoint sorts the index of
/// each 4,096-frame segment of the log that holds a page it copies, whatever it copies:
/// scheduled after every commit past the threshold, as a steady stream of small commits made
/// it, they cost more than the commits. Not waiting longer than `interval` keeps the log short
/// under a stream of large commits: a checkpoint that catches up between two commits lets the
/// next one restart the log from the top, and a short log is faster to read.
struct CheckpointSchedule {
    /// Log pages after which a checkpoint is scheduled.
    let threshold: Int32
    /// Log pages a log past `threshold` grows by before the next checkpoint.
    let step: Int32
    /// Nanoseconds after which a log past `threshold` is checkpointed again, however little it grew.
    let interval: UInt64
    /// Whether a checkpoint is queued and has not started.
    private(set) var isQueued = false
    /// The log's pages when the latest checkpoint was scheduled; 0 once the log restarted since.
    private var scheduledAtLogPages: Int32 = 0
    /// When the latest checkpoint was scheduled (monotonic nanoseconds).
    private var scheduledAt: UInt64 = 0

    init(threshold: Int32, step: Int32, interval: UInt64) {
        self.threshold = max(1, threshold)
        self.step = max(1, step)
        self.interval = interval
    }

    /// A commit left `logPages` in the log at `now` (monotonic nanoseconds): whether to schedule
    /// a checkpoint now (then it counts as queued until `started()`).
    mutating func shouldSchedule(afterCommitLeaving logPages: Int32, at now: UInt64) -> Bool {
        // A log smaller than at the last scheduling has restarted from the top.
        if logPages < scheduledAtLogPages { scheduledAtLogPages = 0 }
        guard logPages >= threshold, !isQueued else { return false }
        guard scheduledAtLogPages == 0 || logPages - scheduledAtLogPages >= step
                || now &- scheduledAt >= interval else { return false }
        isQueued = true
        scheduledAtLogPages = logPages
        scheduledAt = now
        return true
    }

    /// The queued checkpoint has started: commits from now on may schedule the next.
    mutating func started() { isQueued = false }
}
