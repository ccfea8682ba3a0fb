/// The engine's open commit group (see `NotificationEngine+CommitGroup.swift`): whether one is
/// open, and the requests waiting for it to commit before they are acknowledged.
struct CommitGroup {
    var isOpen = false
    var waiters: [CheckedContinuation<Void, any Error>] = []
    /// Requests inside `add` or `push` (they acknowledge only after their commit).
    var requestsInFlight = 0
}
