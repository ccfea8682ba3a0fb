import Foundation
import HeraldCore

/// The banners: a stack on screen (newest on top, at most `UIConfiguration.maxBanners`, as many
/// as fit), the rest waiting ("+N more"), and which one the keys act on.
///
/// Focus follows a banner, not a position: a banner arriving on top never takes the keys from
/// the one the user is reading (`Tab` / `Shift-Tab` move them). When the focused banner goes,
/// the keys move to the next one, which takes action keys only after `bannerKeyGrace` seconds —
/// a key meant for the banner that just went never answers the one that replaced it (nor one
/// that arrives within that time).
public struct BannerState: Sendable, Hashable {
    /// On screen, newest (top) first.
    public var shown: [BannerItem] = []
    /// Waiting for room, oldest first.
    public var queue: [BannerItem] = []
    /// The banner the keys act on.
    public var focusedID: Int64?
    /// When the keys last moved to a banner without the user asking (arrival, or the focused
    /// banner went); action keys wait `UIConfiguration.bannerKeyGrace` after it.
    public var focusMovedAt: Date?
    /// When the focused banner last went (a banner arriving just after takes the keys only
    /// after the grace too).
    public var focusLostAt: Date?

    public init() {}

    public var isEmpty: Bool { shown.isEmpty }

    /// The banner the keys act on.
    public var focused: BannerItem? { shown.first { $0.id == focusedID } }

    /// The focused banner's notification.
    public var current: DeliveredRecord? { focused?.record }

    /// Where the focused banner is in the stack (0: top).
    public var focusedIndex: Int? { shown.firstIndex { $0.id == focusedID } }

    /// Every banner, on screen then waiting.
    var all: [BannerItem] { shown + queue }
}
