import Foundation

/// The newest unread notification in history, kept by the engine from its own events so that
/// `statusSnapshot` names it without reading history. History is newest first by id in one
/// store and by date, then id, in another; the tracker follows a change only where both orders
/// agree, and otherwise forgets what it knew: the engine then reads it from the store once
/// (`HistoryQuery(limit: 1, unreadOnly: true)`) and keeps it again from there.
///
/// ```swift
/// var newest = NewestUnreadTracker()
/// newest.learn(try store.history(HistoryQuery(limit: 1, unreadOnly: true)).first)
/// newest.apply(.delivered(record, replacedDeliveryID: nil))
/// newest.known   // .some(record) while it is known
/// ```
struct NewestUnreadTracker {
    private enum State {
        /// Not read yet, or forgotten: read it from the store.
        case unknown
        /// Nothing in history is unread.
        case nothing
        case record(DeliveredRecord)
    }

    private var state = State.unknown
    /// Counts the changes of history it was told of (known or not): a newest one read from the
    /// store while the engine went on is learnt only when none came meanwhile.
    private(set) var changes: UInt64 = 0

    /// `nil`: not known (read it from the store and `learn` it); `.some(nil)`: nothing is unread.
    var known: DeliveredRecord?? {
        switch state {
        case .unknown: nil
        case .nothing: .some(nil)
        case .record(let record): .some(record)
        }
    }

    /// What the store says the newest unread notification is.
    mutating func learn(_ record: DeliveredRecord?) {
        state = record.map { .record($0) } ?? .nothing
    }

    /// Forgets it: the next `known` is `nil`.
    mutating func forget() {
        state = .unknown
        changes &+= 1
    }

    /// The store removed unread notifications of the apps in `removed` on its own (retention as
    /// rows arrive, making room for the delivery `arrived`): forgets the newest if it is one of
    /// those apps' older ones.
    mutating func noteRemovedByStore(_ removed: [String: HistoryCounts], arrived: Int64) {
        changes &+= 1
        guard case .record(let newest) = state, newest.deliveryID != arrived,
              let counts = removed[newest.bundleIdentifier], counts.unread > 0 else { return }
        state = .unknown
    }

    /// Follows a change of history the engine announced.
    mutating func apply(_ event: CenterEvent) {
        switch event {
        case .delivered, .updated, .deleted, .cleared: changes &+= 1
        default: return
        }
        if case .unknown = state { return }
        switch event {
        case .delivered(let record, let replaced):
            guard record.isKept else { return }
            if !record.isRead, isNewer(record) {
                var kept = record
                kept.isSoundHandledByCenter = nil   // only on the event; history does not keep it
                state = .record(kept)
            } else if case .record(let newest) = state, replaced == newest.deliveryID || !record.isRead {
                // The newest replaced by an older or read one, or an unread one dated before it.
                state = .unknown
            }
        case .updated(let record):
            guard case .record(let newest) = state else {
                if !record.isRead { state = .record(record) }   // the only unread one
                return
            }
            if record.deliveryID == newest.deliveryID {
                state = record.isRead ? .unknown : .record(record)
            } else if !record.isRead {
                // Marked unread (or changed while unread): newer, older, or the orders disagree.
                if isNewer(record) {
                    state = .record(record)
                } else if !(record.deliveryID < newest.deliveryID && record.date <= newest.date) {
                    state = .unknown
                }
            }
        case .deleted(let ids):
            if case .record(let newest) = state, ids.contains(newest.deliveryID) { state = .unknown }
        case .cleared(let bundle):
            if case .record(let newest) = state, bundle == nil || bundle == newest.bundleIdentifier { state = .unknown }
        default:
            return
        }
    }

    /// Whether `record` comes before the known newest in both orders (none known: it does).
    private func isNewer(_ record: DeliveredRecord) -> Bool {
        guard case .record(let newest) = state else { return true }
        return record.deliveryID > newest.deliveryID && record.date >= newest.date
    }
}
