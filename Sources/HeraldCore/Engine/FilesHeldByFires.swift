/// The attachment files of repeating requests whose fire is under way.
///
/// A repeating request keeps its files while it stays pending; each of its deliveries copies
/// them (`AttachmentStore.duplicate`) once the app has answered `willPresent`. The app may
/// replace or remove the request before that (while this delivery, or an earlier one of the same
/// fire, awaits it), and a request that leaves the schedule takes its files with it
/// (`NotificationEngine.forgetPending`). Held, they stay until the fire is done with them.
struct FilesHeldByFires {
    /// Fires under way per request (a request taken again while its first delivery waits has two).
    private var holds: [PendingKey: Int] = [:]
    /// Files of held requests that left the schedule meanwhile: deleted at the last release.
    private var left: [PendingKey: [AttachmentRecord]] = [:]

    /// A fire took the request: its files stay until the matching `release`.
    mutating func hold(_ key: PendingKey) {
        holds[key, default: 0] += 1
    }

    /// A fire is done with the request; returns the files to delete now (those its request left
    /// behind, once no fire holds them).
    mutating func release(_ key: PendingKey) -> [AttachmentRecord] {
        guard let count = holds[key] else { return [] }
        if count > 1 {
            holds[key] = count - 1
            return []
        }
        holds[key] = nil
        return left.removeValue(forKey: key) ?? []
    }

    /// The request `key` left the schedule with `files`: kept for the fire holding it (`true`),
    /// or not held (`false`: the caller deletes them).
    mutating func keep(_ files: [AttachmentRecord], leftBy key: PendingKey) -> Bool {
        guard !holds.isEmpty, holds[key] != nil else { return false }
        left[key, default: []] += files
        return true
    }
}
