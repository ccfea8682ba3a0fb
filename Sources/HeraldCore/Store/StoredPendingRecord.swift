import Foundation

/// A pending request as the engine's start reads it (`NotificationStore.loadPendingForStart`):
/// decoded, or left in the store.
public enum LoadedPending: Sendable {
    /// (Boxed: a start's array of tens of thousands is then as small as its stored rows.)
    indirect case decoded(PendingRecord)
    case stored(StoredPendingRecord)
}

/// A pending request the store keeps whole while the engine schedules it: what scheduling needs,
/// read at start from an index without the request's record. The engine reads the record by key
/// (`NotificationStore.pendingRecordReader`) each time it needs it — the request fires, is
/// listed, replaced or removed — and keeps none of it: a center with tens of thousands of
/// requests pending starts without reading their content, and holds a few dozen bytes for each.
public struct StoredPendingRecord: Sendable {
    public var bundleIdentifier: String
    public var identifier: String
    /// When it fires next, as the index holds it (seconds since 1970: within a microsecond of
    /// the record's own date, which the record read by key keeps).
    public var nextFireDate: Date?
    /// Whether its trigger is a location trigger (kept outside the fire-date order).
    public var isLocationTriggered: Bool

    public init(bundleIdentifier: String, identifier: String, nextFireDate: Date?, isLocationTriggered: Bool) {
        self.bundleIdentifier = bundleIdentifier
        self.identifier = identifier
        self.nextFireDate = nextFireDate
        self.isLocationTriggered = isLocationTriggered
    }
}
