import Foundation
import HeraldCore

/// The banner on screen and the ones waiting behind it. Never more than one banner is drawn;
/// the rest queue ("+2 more").
public struct BannerState: Sendable, Hashable {
    /// The banner on screen.
    public var current: DeliveredRecord?
    /// When the current banner appeared (its timeout counts from here).
    public var shownAt: Date?
    /// Whether the current banner stays until acted on (the app's alert style is `.alert`).
    public var isSticky: Bool = false
    /// Banners waiting, oldest first.
    public var queue: [DeliveredRecord] = []

    public init() {}

    public var isEmpty: Bool { current == nil }
}
