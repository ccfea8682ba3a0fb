import Foundation

/// Reads a pending request's record by key, for the requests a store leaves in its file after
/// the engine's start (`StoredPendingRecord`). The engine calls it from its own task, as it calls
/// the store: before the store's row is changed or removed, so the record read is the one the
/// engine scheduled.
public protocol PendingRecordReader: Sendable {
    /// The whole record of the pending request `identifier` of `bundleIdentifier`. Throws
    /// `UnreadablePending` when the row is gone or its record cannot be decoded.
    func pendingRecord(bundleIdentifier: String, identifier: String) throws -> PendingRecord
}

/// A pending request whose stored record cannot be read (a damaged row). The engine does not stop
/// for it: it reports it (`EngineConfiguration.unreadablePending`, the daemon's log) and stands in
/// a notification that keeps the request's app, identifier and fire date, fires once and says
/// what happened (`placeholder`); the other requests fire as before.
public struct UnreadablePending: Error, Sendable, CustomStringConvertible {
    /// The category identifier that marks a stand-in.
    public static let categoryIdentifier = "herald.unreadable"

    public var bundleIdentifier: String
    public var identifier: String
    /// When it was scheduled, when the store still knows it.
    public var scheduledAt: Date?
    /// What went wrong.
    public var reason: String

    public init(bundleIdentifier: String, identifier: String, scheduledAt: Date? = nil, reason: String) {
        self.bundleIdentifier = bundleIdentifier
        self.identifier = identifier
        self.scheduledAt = scheduledAt
        self.reason = reason
    }

    public var description: String {
        "the scheduled notification \"\(identifier)\" of \(bundleIdentifier) cannot be read: \(reason)"
    }

    /// The stand-in: no trigger (it fires once and is gone), fires at `nextFireDate`.
    public func placeholder(nextFireDate: Date?) -> PendingRecord {
        let content = ContentRecord(title: "Unreadable notification",
                                    body: "The scheduled notification \"\(identifier)\" is damaged and cannot be read: \(reason)",
                                    categoryIdentifier: Self.categoryIdentifier)
        return PendingRecord(bundleIdentifier: bundleIdentifier, request: RequestRecord(identifier: identifier, content: content),
                             scheduledAt: scheduledAt ?? nextFireDate ?? .distantPast, nextFireDate: nextFireDate)
    }
}
