/// Which door of the center a post comes through, and so how far its app is trusted: every
/// door's posts take `NotificationEngine.post` (and `push`), which registers the app, merges the
/// post's category and refuses what nobody would see the same way for all of them.
///
/// ```swift
/// try await engine.post(request, bundleIdentifier: "deploy.sh", from: .socket)
/// try await engine.post(notification, bundleIdentifier: "desktop.thunderbird", category: buttons,
///                       from: .desktop(displayName: "Thunderbird", connection: door))
/// try await engine.post(request, bundleIdentifier: "backup", from: .broker(sender: "nas"))
/// ```
public enum PostSender: Sendable {
    /// `herald post` and `herald push` over the daemon's socket: the user's own scripts. An app
    /// first seen is registered as a command-line app, authorized without a prompt.
    case socket
    /// A desktop program calling D-Bus `Notify`: its app is authorized without a prompt under the
    /// name the sender gave (`displayName`, registered again when it changes), and its users'
    /// responses go to `connection`.
    case desktop(displayName: String, connection: any AppConnection)
    /// A publisher on the MQTT broker (`sender`: the name in its topic), trusted as the command
    /// line is: an app first seen is registered as a command-line app.
    case broker(sender: String)

    /// The start of the identifiers of the categories this door's posts bring (one per set of
    /// buttons). Only these count against `NotificationEngine.postedCategoryLimit`; an app's own
    /// categories (`setCategories`) are never dropped to make room for them.
    public var categoryPrefix: String {
        switch self {
        case .socket, .broker: return PostSender.commandLineCategoryPrefix
        case .desktop: return PostSender.desktopCategoryPrefix
        }
    }

    /// The categories `herald post` makes for its buttons (`herald.post.<digest of the actions>`).
    public static let commandLineCategoryPrefix = "herald.post."
    /// The categories a desktop sender's actions make (`desktop.<hash of the actions>`).
    public static let desktopCategoryPrefix = "desktop."
}

/// What became of an accepted post: the request's identifier and app (a push's app may come
/// from its payload), and the app's pending requests dropped over its limit to make room
/// (`EngineConfiguration.pendingLimit`), with the sentence that tells the poster so.
public struct PostOutcome: Sendable, Hashable {
    public var identifier: String
    public var bundleIdentifier: String
    /// Identifiers of the app's requests dropped to make room for this one (empty: none).
    public var dropped: [String]
    /// What the poster should be told, `nil` when nothing was dropped.
    public var warning: String?

    public init(identifier: String, bundleIdentifier: String, dropped: [String] = [], warning: String? = nil) {
        self.identifier = identifier
        self.bundleIdentifier = bundleIdentifier
        self.dropped = dropped
        self.warning = warning
    }
}

/// A post the engine refused besides a bad request (`EngineError`), a full center
/// (`EngineError.tooManyApps`) and an app whose notifications are off
/// (`UNError.notificationsNotAllowed`). Each sentence names the app and the limit.
public enum PostRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The post required a known app (`herald post --app`) and the center has none by that name.
    case unknownApp(bundleIdentifier: String)
    /// The posted request was itself the latest-firing of the app's pending requests over the limit.
    case pendingLimit(identifier: String, bundleIdentifier: String, limit: Int)

    public var description: String {
        switch self {
        case .unknownApp(let app):
            return "the center knows no app named \"\(app)\"; check the name with `herald apps`, "
                + "or use --new-app \(app) to post as a new app"
        case .pendingLimit(let identifier, let app, let limit):
            return "\(identifier) was not scheduled: \(app) already has \(limit) pending requests that fire sooner, "
                + "and the limit is \(limit) per app (the latest-firing is dropped)"
        }
    }
}
