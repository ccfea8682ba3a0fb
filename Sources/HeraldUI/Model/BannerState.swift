import Foundation
import HeraldCore
import TerminalKit

/// The banners: a stack on screen (newest on top, at most `UIConfiguration.maxBanners`, as many
/// as fit), the rest waiting ("+N more"), and which one the keys act on.
///
/// Focus follows a banner, not a position: a banner arriving on top never takes the keys from
/// the one the user is reading (`Tab` / `Shift-Tab` move them). When the focused banner goes,
/// the keys move to the next one. For `bannerKeyGrace` seconds after, a press the banner that
/// went would have taken (Enter, x, its action numbers, r if it had a reply) is held back once
/// with "press again" — it was meant for that banner — whichever banner has the keys (the next,
/// or one that arrives meanwhile). Other keys act at once; so does every key after the grace.
public struct BannerState: Sendable, Hashable {
    /// On screen, newest (top) first.
    public var shown: [BannerItem] = []
    /// Waiting for room, oldest first.
    public var queue: [BannerItem] = []
    /// The banner the keys act on.
    public var focusedID: Int64?
    /// When the focused banner last went (`nil` once a press was held back, or the user chose
    /// a banner with `Tab`).
    public var focusLostAt: Date?
    /// The keys the banner that went would have answered.
    public var keysOfLostBanner: Set<Key> = []

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
