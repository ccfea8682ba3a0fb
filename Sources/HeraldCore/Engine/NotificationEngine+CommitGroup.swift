/// Group commit: concurrent requests share one store commit.
///
/// On a store that `prefersCommitGroups` (SQLite: a commit costs a round of log writes), the
/// first write of a burst opens a group and queues its commit behind the work already waiting
/// on the engine; every write until then joins the group. A request that must be durable before
/// it is acknowledged (`add`, `push`) waits for that commit, and learns of its failure. Eight
/// clients posting at once thus pay for one commit, not eight. A request alone in the engine
/// commits at once instead of waiting a turn for the queued commit (which then finds nothing).
///
/// A front end that hands several requests over at once (the daemon's event loop: the posts of
/// one wake-up, from many connections) brackets them with `holdCommits()` … `releaseCommits()`:
/// meanwhile no request commits on its own, and the release commits them as one group.
extension NotificationEngine {
    /// Requests are about to arrive together: until the matching `releaseCommits()`, writes
    /// wait in the open group instead of committing alone. Callable from any thread, at once.
    nonisolated public func holdCommits() {
        commitHolds.add(1, ordering: .sequentiallyConsistent)
    }

    /// Ends a `holdCommits()`; the last release commits the open group and answers its waiters.
    public func releaseCommits() {
        let (_, remaining) = commitHolds.subtract(1, ordering: .sequentiallyConsistent)
        if remaining == 0 { commitOpenGroup() }
    }

    private var isHeld: Bool { commitHolds.load(ordering: .sequentiallyConsistent) > 0 }

    /// Commit groups made since the last call, and their sizes; starts counting afresh.
    public func takeCommitGroupStatistics() -> CommitGroupStatistics {
        defer { commitGroup.statistics = CommitGroupStatistics() }
        return commitGroup.statistics
    }

    /// Opens a commit group unless one is open (or the store does without). Call right before
    /// writing, with no suspension in between, so the write lands in the group.
    func joinCommitGroup() {
        guard store.prefersCommitGroups else { return }
        if commitGroup.isOpen {
            commitGroup.members += 1
            return
        }
        do {
            try store.beginCommitGroup()
        } catch {
            return   // each write then commits on its own, as without groups
        }
        commitGroup.isOpen = true
        commitGroup.members = 1
        // Queued behind the engine's waiting work (isolated to it); under a hold the release commits.
        if !isHeld { Task { self.commitQueuedGroup() } }
    }

    /// The commit queued when a group opened: skipped while a front end holds commits.
    private func commitQueuedGroup() {
        if !isHeld { commitOpenGroup() }
    }

    /// Returns once every write made so far is durable; throws the commit's error if it failed
    /// (and the group's writes were rolled back).
    func waitForCommit() async throws {
        guard commitGroup.isOpen else { return }
        if commitGroup.waiters.isEmpty && commitGroup.requestsInFlight <= 1 && !isHeld {
            if let error = commitOpenGroup() { throw error }
            return
        }
        try await withCheckedThrowingContinuation { commitGroup.waiters.append($0) }
    }

    /// Commits whatever the open commit group holds. The daemon calls it last, after its
    /// scheduler has stopped, so a SIGTERM loses nothing that was firing.
    public func commitPendingWrites() throws {
        if let error = commitOpenGroup() { throw error }
    }

    /// Commits the open group and answers everyone waiting for it; returns the commit's error.
    @discardableResult
    func commitOpenGroup() -> (any Error)? {
        guard commitGroup.isOpen else { return nil }
        commitGroup.isOpen = false
        let waiters = commitGroup.waiters
        commitGroup.waiters = []
        commitGroup.statistics.record(commitGroup.members)
        commitGroup.members = 0
        do {
            try store.commitGroup()
            for waiter in waiters { waiter.resume() }
            return nil
        } catch {
            // What was counted and kept for status lines did not reach the store: read again.
            forgetKeptCounts()
            forgetKeptStatus()
            for waiter in waiters { waiter.resume(throwing: error) }
            return error
        }
    }
}
