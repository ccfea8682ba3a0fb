import Foundation
import HeraldCore

// What the command line sets for an app: registering it, its service-extension command.

extension Methods {
    public static let registerCommandLineApp = Method<AppParams, Empty>("registerCommandLineApp")
    public static let setServiceExtensionCommand = Method<ServiceExtensionCommandParams, Empty>("setServiceExtensionCommand")
}

public struct ServiceExtensionCommandParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String
    /// A shell command (`/bin/sh -c`); `nil` removes it.
    public var command: String?
    public init(bundleIdentifier: String, command: String?) {
        self.bundleIdentifier = bundleIdentifier
        self.command = command
    }
}

extension ServiceExtensionCommandParams: AppIdentifiedParams {}
