/// Each app's unread notifications, kept by the engine so that `statusSnapshot` answers
/// without asking the store: read from the store once (`NotificationStore.unreadCounts`, when
/// first asked), then moved by every change the engine makes to history — deliveries (with what
/// they replaced and what the store's retention removed to make room), reads, removals, clears
/// and retention steps. Apps with none are left out, as the store leaves them out.
///
/// ```swift
/// var kept = KeptUnreadCounts()
/// kept.load(try store.unreadCounts())
/// kept.move("com.example.mail", by: 1)
/// kept.counts   // ["com.example.mail": 1]
/// ```
struct KeptUnreadCounts {
    /// `nil` until loaded (and after `forget`): nothing is moved meanwhile.
    private(set) var counts: [String: Int]?

    /// Starts from what the store counts.
    mutating func load(_ stored: [String: Int]) {
        counts = stored.filter { $0.value > 0 }
    }

    /// Drops what it kept: the next reader loads again (the store rolled back writes it had
    /// counted).
    mutating func forget() {
        counts = nil
    }

    /// The app's unread notifications changed by `delta`.
    mutating func move(_ bundleIdentifier: String, by delta: Int) {
        guard delta != 0, counts != nil else { return }
        // Moved in place: one lookup.
        if let index = counts?.index(forKey: bundleIdentifier), let count = counts?.values[index] {
            if count + delta > 0 { counts?.values[index] = count + delta } else { counts?.remove(at: index) }
        } else if delta > 0 {
            counts?[bundleIdentifier] = delta
        }
    }

    /// All history of one app (or of every app) is gone.
    mutating func clear(_ bundleIdentifier: String?) {
        guard counts != nil else { return }
        if let bundleIdentifier { counts?[bundleIdentifier] = nil } else { counts = [:] }
    }
}
