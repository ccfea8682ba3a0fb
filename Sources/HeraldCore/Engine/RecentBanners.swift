import Foundation

/// The banners the center showed, for bringing one back (`NotificationEngine.restoreBanner`):
/// delivery ids, the banner most recently shown or closed from outside last. Each restore takes
/// the last one out, so restoring again goes further back, as `dunstctl history-pop` does; a
/// banner closed again (`closeBanners`) comes back on top.
///
/// ```swift
/// var banners = RecentBanners()
/// banners.note(7); banners.note(8)
/// banners.takeNewest()   // 8
/// banners.takeNewest()   // 7
/// ```
struct RecentBanners: Sendable, Hashable {
    /// How many are remembered (dunst keeps 20 notifications in its history).
    static let limit = 20

    /// Oldest first.
    private(set) var deliveryIDs: [Int64] = []
    /// Whether the banners of an earlier run were read from history (done once, when first
    /// needed: a center that just started remembers what it showed before).
    var isSeeded = false

    /// Puts a banner on top (moving it there when it is remembered already).
    mutating func note(_ deliveryID: Int64) {
        guard deliveryID > 0 else { return }
        if let index = deliveryIDs.lastIndex(of: deliveryID) { deliveryIDs.remove(at: index) }
        deliveryIDs.append(deliveryID)
        if deliveryIDs.count > Self.limit { deliveryIDs.removeFirst(deliveryIDs.count - Self.limit) }
    }

    /// Forgets a banner (its notification was replaced).
    mutating func forget(_ deliveryID: Int64) {
        deliveryIDs.removeAll { $0 == deliveryID }
    }

    /// Takes the newest banner out.
    mutating func takeNewest() -> Int64? {
        deliveryIDs.popLast()
    }

    /// The banners of an earlier run, newest first, go underneath the ones noted since.
    mutating func seed(newestFirst earlier: [Int64]) {
        isSeeded = true
        let known = Set(deliveryIDs)
        let older = earlier.filter { !known.contains($0) }.prefix(Self.limit).reversed()
        deliveryIDs = Array((older + deliveryIDs).suffix(Self.limit))
    }
}
