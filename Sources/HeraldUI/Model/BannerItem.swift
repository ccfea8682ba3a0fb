import Foundation
import HeraldCore

/// One banner: a notification, or several from one app that arrived faster than they could be
/// read, coalesced into "37 new from CI" (showing the newest).
public struct BannerItem: Sendable, Hashable {
    /// Stays the same while the banner lives (its first delivery's id): focus follows it.
    public var id: Int64
    /// The notification it shows (the newest, for a coalesced banner).
    public var record: DeliveredRecord
    /// The deliveries it stands for, oldest first (one unless coalesced).
    public var deliveryIDs: [Int64]
    /// When it came on screen (its timeout counts from here); `nil` while it waits.
    public var shownAt: Date?
    /// Stays until acted on (the app's alert style is `.alert`, or its level's timeout is 0).
    public var isSticky: Bool
    /// Whether later banners of its app may join it (no action buttons, not time-sensitive or
    /// critical: nothing to answer).
    public var canCoalesce: Bool

    public init(record: DeliveredRecord, isSticky: Bool = false, canCoalesce: Bool = false) {
        self.id = record.deliveryID
        self.record = record
        self.deliveryIDs = [record.deliveryID]
        self.isSticky = isSticky
        self.canCoalesce = canCoalesce
    }

    public var bundleIdentifier: String { record.bundleIdentifier }
    /// How many notifications it stands for.
    public var count: Int { deliveryIDs.count }
    /// Stands for more than one notification.
    public var isCoalesced: Bool { deliveryIDs.count > 1 }
    /// The delivery a key acts on (a single banner's notification).
    public var deliveryID: Int64 { record.deliveryID }

    /// Takes in a newer notification of the same app.
    mutating func absorb(_ newer: DeliveredRecord) {
        record = newer
        deliveryIDs.append(newer.deliveryID)
    }
}
