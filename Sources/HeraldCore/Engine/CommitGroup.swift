/// The engine's open commit group (see `NotificationEngine+CommitGroup.swift`): whether one is
/// open, and the requests waiting for it to commit before they are acknowledged.
struct CommitGroup {
    var isOpen = false
    var waiters: [CheckedContinuation<Void, any Error>] = []
    /// Requests inside `add` or `push` (they acknowledge only after their commit).
    var requestsInFlight = 0
    /// Writes in the open group so far (one per request or delivery that joined it).
    var members = 0
    /// Commits made and their sizes, since the statistics were last taken.
    var statistics = CommitGroupStatistics()
}

