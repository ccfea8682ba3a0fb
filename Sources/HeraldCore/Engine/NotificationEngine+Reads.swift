import Dispatch
import Foundation

/// History reads off the writer's path. A page of history is checked against
/// `HistoryQuery`'s limits, then — on a store with an `offWriterReader` (SQLite) — read on a
/// queue of its own beside the engine, on a connection of its own, stopped at
/// `HistoryQuery.readDeadline`: a long search holds up no post and no delivery. Stores without
/// one (in memory) read on the engine, as before.
extension NotificationEngine {
    nonisolated public func history(_ query: HistoryQuery) async throws -> [DeliveredRecord] {
        try query.validate()
        guard let reader = store.offWriterReader else { return try await historyOnEngine(query) }
        await commitForReaders()
        return try await Self.offEngine {
            try reader.history(query, deadline: Date().addingTimeInterval(HistoryQuery.readDeadline))
        }
    }

    nonisolated public func historyCount(_ query: HistoryQuery) async throws -> Int {
        try query.validate()
        // The whole history's count (the total beside a list) is kept (`NotificationEngine+KeptTotal`).
        if query.countsWholeHistory, let kept = try await keptHistoryCount(query) { return kept }
        guard let reader = store.offWriterReader else { return try await historyCountOnEngine(query) }
        await commitForReaders()
        return try await Self.offEngine {
            try reader.historyCount(query, deadline: Date().addingTimeInterval(HistoryQuery.readDeadline))
        }
    }

    /// Commits the open group first, so a reader sees every delivery already announced by an
    /// event (a short hop onto the engine; the read itself runs beside it).
    private func commitForReaders() {
        commitOpenGroup()
    }

    private func historyOnEngine(_ query: HistoryQuery) throws -> [DeliveredRecord] { try store.history(query) }
    private func historyCountOnEngine(_ query: HistoryQuery) throws -> Int { try store.historyCount(query) }

    /// Runs blocking work on a serial queue of its own: never on the cooperative pool, whose
    /// threads the engine and the server need, and not on a shared concurrent queue either,
    /// whose few threads (one per core) other blocking work can hold, so that a read would
    /// wait behind it. A private serial queue is served by a thread of its own at once; one
    /// slow search does not queue the next.
    static func offEngine<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue(label: "herald.engine.read", qos: .userInitiated).async {
                continuation.resume(with: Result { try work() })
            }
        }
    }
}
