/// Group commit: concurrent requests share one store commit.
///
/// On a store that `prefersCommitGroups` (SQLite: a commit costs a round of log writes), the
/// first write of a burst opens a group and queues its commit behind the work already waiting
/// on the engine; every write until then joins the group. A request that must be durable before
/// it is acknowledged (`add`, `push`) waits for that commit, and learns of its failure. Eight
/// clients posting at once thus pay for one commit, not eight. A request alone in the engine
/// commits at once instead of waiting a turn for the queued commit (which then finds nothing).
extension NotificationEngine {
    /// Opens a commit group unless one is open (or the store does without). Call right before
    /// writing, with no suspension in between, so the write lands in the group.
    func joinCommitGroup() {
        guard store.prefersCommitGroups, !commitGroup.isOpen else { return }
        do {
            try store.beginCommitGroup()
        } catch {
            return   // each write then commits on its own, as without groups
        }
        commitGroup.isOpen = true
        Task { self.commitOpenGroup() }   // isolated to the engine: queued behind its waiting work
    }

    /// Returns once every write made so far is durable; throws the commit's error if it failed
    /// (and the group's writes were rolled back).
    func waitForCommit() async throws {
        guard commitGroup.isOpen else { return }
        if commitGroup.waiters.isEmpty && commitGroup.requestsInFlight <= 1 {
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
        do {
            try store.commitGroup()
            for waiter in waiters { waiter.resume() }
            return nil
        } catch {
            for waiter in waiters { waiter.resume(throwing: error) }
            return error
        }
    }
}
