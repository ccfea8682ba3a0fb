import Foundation
import HeraldCore

// The apps and what the user sets for each (`CenterControl`): badge, settings.

extension Methods {
    /// Every app that has talked to the center, with badge, settings and categories.
    public static let apps = Method<Empty, [AppRecord]>("apps")
    /// Sets an app's badge as the user (`0` clears it); an app sets its own with `setBadgeCount`.
    public static let setBadge = Method<BadgeParams, Empty>("setBadge")
    public static let updateSettings = Method<SettingsParams, Empty>("updateSettings")
}

public struct SettingsParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String
    public var settings: AppSettings
    public init(bundleIdentifier: String, settings: AppSettings) {
        self.bundleIdentifier = bundleIdentifier
        self.settings = settings
    }
}

extension SettingsParams: AppIdentifiedParams {}

extension CenterRequests {
    public func apps() async throws -> [AppRecord] { try await call(Methods.apps, Empty()) }

    public func setBadge(_ count: Int, bundleIdentifier: String) async throws {
        _ = try await call(Methods.setBadge, BadgeParams(bundleIdentifier: bundleIdentifier, count: count))
    }

    public func updateSettings(_ settings: AppSettings, bundleIdentifier: String) async throws {
        _ = try await call(Methods.updateSettings, SettingsParams(bundleIdentifier: bundleIdentifier, settings: settings))
    }
}
