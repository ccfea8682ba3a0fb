import Foundation

/// A pending request as the engine's start reads it (`NotificationStore.loadPendingForStart`):
/// decoded, or stored with its request still encoded.
public enum LoadedPending: Sendable {
    case decoded(PendingRecord)
    case stored(StoredPendingRecord)
}

/// A pending request as a store reads it for the engine's start (`loadPendingForStart`): what
/// scheduling needs, from the store's columns, and the request still encoded — decoded when it is
/// first needed (it fires, is listed, replaced or removed). A center with tens of thousands of
/// requests pending starts without decoding any of them.
public struct StoredPendingRecord: Sendable {
    public var bundleIdentifier: String
    public var identifier: String
    public var scheduledAt: Date
    /// When it fires next, as the column holds it (seconds since 1970: within a microsecond of
    /// the record's own date, which the decoded record keeps).
    public var nextFireDate: Date?
    /// Whether its trigger is a location trigger (kept outside the fire-date order).
    public var isLocationTriggered: Bool
    public var encoded: EncodedPendingRecord

    public init(bundleIdentifier: String, identifier: String, scheduledAt: Date, nextFireDate: Date?,
                isLocationTriggered: Bool, encoded: EncodedPendingRecord) {
        self.bundleIdentifier = bundleIdentifier
        self.identifier = identifier
        self.scheduledAt = scheduledAt
        self.nextFireDate = nextFireDate
        self.isLocationTriggered = isLocationTriggered
        self.encoded = encoded
    }

    /// The whole record (`EncodedPendingRecord.decode`).
    public func decoded() -> PendingRecord {
        encoded.decode(bundleIdentifier: bundleIdentifier, identifier: identifier, scheduledAt: scheduledAt,
                       nextFireDate: nextFireDate)
    }
}

/// A pending record in the store's encoding, with the store's decoder for it.
public struct EncodedPendingRecord: Sendable {
    let bytes: [UInt8]
    let decoder: @Sendable ([UInt8]) throws -> PendingRecord

    public init(bytes: [UInt8], decoder: @escaping @Sendable ([UInt8]) throws -> PendingRecord) {
        self.bytes = bytes
        self.decoder = decoder
    }

    /// The record, its next fire date `nextFireDate` (the schedule's: it moves when a repeating
    /// request fires; the record's own while it is the same date). A record that cannot be
    /// decoded (a damaged row) becomes a stand-in that fires once and says so, instead of
    /// stopping the center: `UnreadablePending`.
    func decode(bundleIdentifier: String, identifier: String, scheduledAt: Date, nextFireDate: Date?) -> PendingRecord {
        do {
            var record = try decoder(bytes)
            if let stored = record.nextFireDate, let scheduled = nextFireDate, abs(stored.timeIntervalSince(scheduled)) < 1e-3 {
                record.nextFireDate = stored
            } else {
                record.nextFireDate = nextFireDate
            }
            return record
        } catch {
            return UnreadablePending.placeholder(bundleIdentifier: bundleIdentifier, identifier: identifier,
                                                 scheduledAt: scheduledAt, nextFireDate: nextFireDate, reason: "\(error)")
        }
    }
}

/// The stand-in for a pending request whose stored record cannot be read: it keeps its app,
/// identifier and fire date, has no trigger (it fires once and is gone) and says what happened.
public enum UnreadablePending {
    /// The category identifier that marks a stand-in.
    public static let categoryIdentifier = "herald.unreadable"

    public static func placeholder(bundleIdentifier: String, identifier: String, scheduledAt: Date, nextFireDate: Date?,
                                   reason: String) -> PendingRecord {
        let content = ContentRecord(title: "Unreadable notification",
                                    body: "The scheduled notification \"\(identifier)\" is damaged and cannot be read: \(reason)",
                                    categoryIdentifier: categoryIdentifier)
        return PendingRecord(bundleIdentifier: bundleIdentifier, request: RequestRecord(identifier: identifier, content: content),
                             scheduledAt: scheduledAt, nextFireDate: nextFireDate)
    }
}
