import Foundation

/// A notification that was delivered: the engine's form of `UNNotification`, plus Herald's
/// history state.
public struct DeliveredRecord: Sendable, Hashable, Codable {
    /// Unique per delivery across the whole center (the history row); not the request identifier.
    public var deliveryID: Int64
    public var bundleIdentifier: String
    public var request: RequestRecord
    /// The delivery date shown on the notification.
    public var date: Date
    /// What took effect: `.banner`, `.list`, `.sound`, `.badge`.
    public var presentation: UNNotificationPresentationOptions
    /// Whether the user has seen or acted on it.
    public var isRead: Bool
    /// Removed from the Notification Center list (by the app, by acting on it, or replaced), but
    /// still in history.
    public var isRemovedFromList: Bool
    /// `true` when the center itself took care of the `.sound` (played it through the sound
    /// server, or its settings silence every sound): user interfaces then ring no terminal bell.
    /// Only on the `.delivered` event; history does not keep it.
    public var isSoundHandledByCenter: Bool?

    public init(deliveryID: Int64 = 0, bundleIdentifier: String, request: RequestRecord, date: Date,
                presentation: UNNotificationPresentationOptions, isRead: Bool = false,
                isRemovedFromList: Bool = false) {
        self.deliveryID = deliveryID
        self.bundleIdentifier = bundleIdentifier
        self.request = request
        self.date = date
        self.presentation = presentation
        self.isRead = isRead
        self.isRemovedFromList = isRemovedFromList
    }

    /// The sound that rings for it: `nil` without `.sound` in the presentation; else the
    /// content's, or — for a critical notification that gained `.sound` breaking through Focus
    /// without one — the default critical sound, as Apple plays for a critical alert.
    public var soundToPlay: SoundRecord? {
        guard presentation.contains(.sound) else { return nil }
        return content.sound ?? (content.interruptionLevel == .critical ? .defaultCritical : nil)
    }

    public var identifier: String { request.identifier }
    public var content: ContentRecord { request.content }

    /// Whether the center keeps it in history. The engine decides (listed, or a banner whose
    /// buttons answer a stored delivery — unless a rule keeps it out, or the store failed) and
    /// says so with the delivery id: a notification shown but not kept has none (`0`).
    public var isKept: Bool { deliveryID > 0 }
}
