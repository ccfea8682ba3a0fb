import Foundation
import HeraldCore
import HeraldWire

/// How the broker door takes a post or push: within the app's post rate (held back, not
/// refused), with a receipt of its own stored in the notification's transaction, its commit
/// shared with the posts and pushes read with it, and its journal entry written once it is stored.
///
/// The engine's commits are held from the second post of a read of the connection (the work of
/// none has run yet, so the first is covered too) until every post of the read has reached the
/// engine: the release is queued on the loop behind their work, and the engine takes its calls in
/// order. The PUBACKs of the read go out once each of its messages is committed and journaled.
extension BrokerDoor {
    /// A read of the connection: its number (counted on across restarts, in the receipts), and
    /// its posts and pushes so far.
    struct Read {
        var number: Int
        var posts = 0
        /// Its posts and pushes that run beside the others (`MessageWork.Order.together`).
        var together = 0
        /// The engine's commits are held (from the second of those on).
        var holdsCommits = false
    }

    /// The read brought its messages: the commits its posts and pushes hold (from the second
    /// on) are released once their work has run as far as it can — the release is queued on the
    /// loop behind that work, so it reaches the engine after their posts.
    func readEnded() {
        let held = currentRead.withLock { read -> Bool in
            defer {
                if read.posts > 0 { read = Read(number: read.number + 1) }
            }
            return read.holdsCommits
        }
        guard held else { return }
        let engine = self.engine
        Task(executorPreference: connection.loop) { await engine.releaseCommits() }
    }

    /// Counts a post or push of the current read and returns the read's number; the second that
    /// runs beside the others holds the engine's commits (the work of the first has not run yet:
    /// it is covered too).
    private func countReadPost(holdingCommits together: Bool) -> Int {
        let (number, hold) = currentRead.withLock { read -> (Int, Bool) in
            read.posts += 1
            guard together else { return (read.number, false) }
            read.together += 1
            guard read.together >= 2, !read.holdsCommits else { return (read.number, false) }
            read.holdsCommits = true
            return (read.number, true)
        }
        if hold { engine.holdCommits() }
        return number
    }

    /// The work of a post or push of `app`: handed to the engine once the app is within its post
    /// rate (reserved now, in the order read). The journal's entry goes with it as the engine's
    /// `StoreReceipt` (stored in the notification's transaction, under a slot of its own) and is
    /// written to the journal's file once it is stored. A post held back to the rate runs alone,
    /// so the messages read after it wait for it.
    func take(_ entry: BrokerJournal.Entry, what: String, app: String, alone: Bool,
              _ body: @escaping @Sendable (NotificationEngine) async throws -> PostOutcome) -> MessageWork {
        let engine = self.engine
        let afterStored = self.afterStored
        let heldUntil = reserveRate(app)
        let order: MessageWork.Order = alone || heldUntil != nil ? .alone : .together
        let read = countReadPost(holdingCommits: order == .together)
        return MessageWork(order: order) { [self] in
            if let heldUntil { try? await Task.sleep(until: heldUntil, clock: .continuous) }
            let slot = await receiptSlots.take()
            defer { receiptSlots.give(slot) }
            let receipt = BrokerReceiptSlots.receipt(for: entry, slot: slot, read: read)
            let outcome: Result<PostOutcome, any Error>
            do {
                let stored = try await StoreReceipt.$current.withValue(receipt) { try await body(engine) }
                await afterStored?(stored)
                outcome = .success(stored)
            } catch {
                outcome = .failure(error)
            }
            record(outcome, of: entry, what: what)
        }
    }

    private func record(_ outcome: Result<PostOutcome, any Error>, of entry: BrokerJournal.Entry, what: String) {
        switch outcome {
        case .success(let result):
            var taken = entry
            taken.bundleIdentifier = result.bundleIdentifier
            taken.identifier = result.identifier
            journal.record(taken)
        case .failure(let error):
            journal.letGo(entry.key)
            log("Broker: \(what) from \(entry.sender) rejected: \(WireError(error))")
        }
    }

    /// Takes `app`'s next post token; returns when it is due if that is later than now (the post
    /// is held back until then; the broker holds what follows), and logs when an app starts
    /// being held back.
    private func reserveRate(_ app: String) -> ContinuousClock.Instant? {
        guard let limiter = postLimiter else { return nil }
        let wait = limiter.reserve(app)
        let started = heldBack.withLock { held -> Bool in
            guard wait > 0 else {
                held.remove(app)
                return false
            }
            return held.insert(app).inserted
        }
        if started {
            log("Broker: \(app) is posting faster than its limit of \(limiter.limit); its posts are taken at that rate, "
                + "the rest wait at the broker")
        }
        guard wait > 0 else { return nil }
        return ContinuousClock.now.advanced(by: .nanoseconds(Int64(Seconds.nanoseconds(wait))))
    }
}
