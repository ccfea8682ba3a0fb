import Foundation
import HeraldCore
import HeraldWire

/// History replies, bounded: each fits one line (`HistoryPager`), and at most
/// `historyRepliesAtOnce` are being put together at any moment, whatever the number of clients
/// asking — so a crowd asking for the whole history holds a few megabytes, not the history.
extension IPCServer {
    /// History pages being put together at once (each up to 1 MiB, plus one chunk of rows).
    static let historyRepliesAtOnce = 4

    /// `history`: whole records, as many as fit in one reply (`[…]`).
    func historyReply(_ query: HistoryQuery) async throws -> Data {
        try await historyGate.withPermit {
            try await HistoryPager.collect(query, listForm: false) { try await engine.history($0) }.arrayJSON
        }
    }

    /// `historyPage`: the list form, as many as fit in one reply (`HistoryPage`'s JSON).
    func historyPageReply(_ query: HistoryQuery) async throws -> Data {
        try await historyGate.withPermit {
            try await HistoryPager.collect(query, listForm: true) { try await engine.history($0) }.pageJSON
        }
    }

    /// `deliveredNotifications` (Apple's `getDeliveredNotifications`: the app's notifications
    /// still in the list, newest first): as many of the newest as fit in one reply, measured as
    /// they are written; the log says when some were left out (Apple's call has no error to
    /// give, and an app is better served by its newest notifications than by none).
    func deliveredReply(bundleIdentifier: String, session: ServerSession) async throws -> Data {
        try await historyGate.withPermit {
            let records = await engine.deliveredNotifications(bundleIdentifier: bundleIdentifier)
            var array = BoundedJSONArray(budget: HistoryPager.resultBudget)
            for record in records where !array.append(try WireCoding.encode(record)) {
                configuration.log("\(session.label): deliveredNotifications answered with the newest \(array.count) of "
                    + "\(records.count): the rest are over the reply limit of \(LineConnection.maximumLineLength) bytes (1 MiB)")
                break
            }
            return array.finish()
        }
    }
}
