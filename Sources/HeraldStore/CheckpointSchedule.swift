/// When `WALCheckpointer` schedules a background checkpoint, told each commit's log size.
///
/// Once the log holds `threshold` pages, and then each time it has grown by `step` pages more
/// (a log that restarted from the top starts over) — never while one is still queued. Every
/// checkpoint sorts the index of each 4,096-frame segment of the log that holds a page it
/// copies, whatever it copies: scheduled after every commit past the threshold, as a steady
/// stream of posts made it, they cost more than the commits.
struct CheckpointSchedule {
    /// Log pages after which a checkpoint is scheduled.
    let threshold: Int32
    /// Log pages a log past `threshold` grows by before the next checkpoint.
    let step: Int32
    /// Whether a checkpoint is queued and has not started.
    private(set) var isQueued = false
    /// The log's pages when the latest checkpoint was scheduled; 0 once the log restarted since.
    private var scheduledAtLogPages: Int32 = 0

    init(threshold: Int32, step: Int32) {
        self.threshold = max(1, threshold)
        self.step = max(1, step)
    }

    /// A commit left `logPages` in the log: whether to schedule a checkpoint now (then it counts
    /// as queued until `started()`).
    mutating func shouldSchedule(afterCommitLeaving logPages: Int32) -> Bool {
        // A log smaller than at the last scheduling has restarted from the top.
        if logPages < scheduledAtLogPages { scheduledAtLogPages = 0 }
        guard logPages >= threshold, !isQueued,
              scheduledAtLogPages == 0 || logPages - scheduledAtLogPages >= step else { return false }
        isQueued = true
        scheduledAtLogPages = logPages
        return true
    }

    /// The queued checkpoint has started: commits from now on may schedule the next.
    mutating func started() { isQueued = false }
}
