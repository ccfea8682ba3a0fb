import Foundation
import HeraldCore

// Banners from outside (`herald close`, `herald restore`): closed wherever they show, or the
// last one shown again.

extension Methods {
    /// Closes banners wherever they show (`herald close`); the notifications stay in the list.
    public static let closeBanners = Method<CloseBannersParams, CloseBannersResult>("closeBanners")
    /// Shows the banner most recently shown or closed again (`herald restore`).
    public static let restoreBanner = Method<Empty, RestoreBannerResult>("restoreBanner")
}

/// `closeBanners`: `{"deliveryIDs":[7,8]}` closes those banners, `{"all":true}` every banner.
public struct CloseBannersParams: Codable, Sendable, Hashable {
    public var deliveryIDs: [Int64]?
    public var all: Bool?
    public init(deliveryIDs: [Int64]) {
        self.deliveryIDs = deliveryIDs
        all = nil
    }
    /// Every banner.
    public static let all = CloseBannersParams(all: true)
    private init(all: Bool) {
        deliveryIDs = nil
        self.all = all
    }
}

/// `closeBanners`' result: the ids no notification in history has (`[]` when every one was known).
public struct CloseBannersResult: Codable, Sendable, Hashable {
    public var unknown: [Int64]
    public init(unknown: [Int64]) { self.unknown = unknown }
}

/// `restoreBanner`'s result: the notification shown again, absent when no banner was left to
/// bring back.
public struct RestoreBannerResult: Codable, Sendable, Hashable {
    public var notification: DeliveredRecord?
    public init(notification: DeliveredRecord?) { self.notification = notification }
}

extension CloseBannersParams: ParamsWithoutIdentifiers {}
