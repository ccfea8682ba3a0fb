import Foundation
import HeraldCore

// What an app process needs (`NotificationSystem`, over the socket by `RemoteNotificationSystem`).

extension Methods {
    public static let connect = Method<AppParams, Empty>("connect")
    public static let disconnect = Method<AppParams, Empty>("disconnect")
    public static let setForeground = Method<ForegroundParams, Empty>("setForeground")
    /// No deadline: a person answers the prompt, however long it takes.
    public static let requestAuthorization = Method<AuthorizationParams, Bool>("requestAuthorization", hasDeadline: false)
    public static let appRecord = Method<AppParams, AppRecord>("appRecord")
    public static let setCategories = Method<CategoriesParams, Empty>("setCategories")
    public static let categories = Method<AppParams, [CategoryRecord]>("categories")
    public static let pendingRequests = Method<AppParams, [RequestRecord]>("pendingRequests")
    public static let removePendingRequests = Method<IdentifiersParams, Empty>("removePendingRequests")
    public static let removeAllPendingRequests = Method<AppParams, Empty>("removeAllPendingRequests")
    public static let deliveredNotifications = Method<AppParams, [DeliveredRecord]>("deliveredNotifications")
    public static let removeDeliveredNotifications = Method<IdentifiersParams, Empty>("removeDeliveredNotifications")
    public static let removeAllDeliveredNotifications = Method<AppParams, Empty>("removeAllDeliveredNotifications")
    public static let setBadgeCount = Method<BadgeParams, Empty>("setBadgeCount")
    /// The result is the token as lower-case hex.
    public static let deviceToken = Method<AppParams, String>("deviceToken")
    public static let setServiceExtension = Method<ServiceExtensionParams, Empty>("setServiceExtension")
}

public struct ForegroundParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String
    public var isForeground: Bool
    public init(bundleIdentifier: String, isForeground: Bool) {
        self.bundleIdentifier = bundleIdentifier
        self.isForeground = isForeground
    }
}

public struct AuthorizationParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String
    public var options: UNAuthorizationOptions
    public init(bundleIdentifier: String, options: UNAuthorizationOptions) {
        self.bundleIdentifier = bundleIdentifier
        self.options = options
    }
}

public struct CategoriesParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String
    public var categories: [CategoryRecord]
    public init(bundleIdentifier: String, categories: [CategoryRecord]) {
        self.bundleIdentifier = bundleIdentifier
        self.categories = categories
    }
}

public struct IdentifiersParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String
    public var identifiers: [String]
    public init(bundleIdentifier: String, identifiers: [String]) {
        self.bundleIdentifier = bundleIdentifier
        self.identifiers = identifiers
    }
}

public struct BadgeParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String
    public var count: Int
    public init(bundleIdentifier: String, count: Int) {
        self.bundleIdentifier = bundleIdentifier
        self.count = count
    }
}

public struct ServiceExtensionParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String
    /// `true` installs the connected app's in-process extension; `false` removes it.
    public var isInstalled: Bool
    public init(bundleIdentifier: String, isInstalled: Bool) {
        self.bundleIdentifier = bundleIdentifier
        self.isInstalled = isInstalled
    }
}

extension ForegroundParams: AppIdentifiedParams {}
extension AuthorizationParams: AppIdentifiedParams {}
extension BadgeParams: AppIdentifiedParams {}
extension ServiceExtensionParams: AppIdentifiedParams {}

extension CategoriesParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> CategoriesParams {
        CategoriesParams(bundleIdentifier: CanonicalIdentifier.form(bundleIdentifier),
                         categories: categories.map { $0.withCanonicalIdentifiers() })
    }
}

extension IdentifiersParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> IdentifiersParams {
        IdentifiersParams(bundleIdentifier: CanonicalIdentifier.form(bundleIdentifier),
                          identifiers: CanonicalIdentifier.form(identifiers))
    }
}
