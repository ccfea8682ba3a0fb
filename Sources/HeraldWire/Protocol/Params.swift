import Foundation
import HeraldCore

// The params and results of requests, one struct per shape. Field names are the wire names.

/// `{"bundleIdentifier":"com.example.app"}`
public struct AppParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String
    public init(bundleIdentifier: String) { self.bundleIdentifier = bundleIdentifier }
}

/// `{"bundleIdentifier":null}`: one app, or every app.
public struct OptionalAppParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String?
    public init(bundleIdentifier: String?) { self.bundleIdentifier = bundleIdentifier }
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

public struct AddParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String
    public var request: RequestRecord
    public init(bundleIdentifier: String, request: RequestRecord) {
        self.bundleIdentifier = bundleIdentifier
        self.request = request
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

public struct ServiceExtensionCommandParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String
    /// A shell command (`/bin/sh -c`); `nil` removes it.
    public var command: String?
    public init(bundleIdentifier: String, command: String?) {
        self.bundleIdentifier = bundleIdentifier
        self.command = command
    }
}

public struct RespondParams: Codable, Sendable, Hashable {
    public var deliveryID: Int64
    public var action: ResponseAction
    public init(deliveryID: Int64, action: ResponseAction) {
        self.deliveryID = deliveryID
        self.action = action
    }
}

public struct MarkReadParams: Codable, Sendable, Hashable {
    public var deliveryIDs: [Int64]
    public var isRead: Bool
    public init(deliveryIDs: [Int64], isRead: Bool) {
        self.deliveryIDs = deliveryIDs
        self.isRead = isRead
    }
}

public struct DeliveryIDsParams: Codable, Sendable, Hashable {
    public var deliveryIDs: [Int64]
    public init(deliveryIDs: [Int64]) { self.deliveryIDs = deliveryIDs }
}

public struct SettingsParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String
    public var settings: AppSettings
    public init(bundleIdentifier: String, settings: AppSettings) {
        self.bundleIdentifier = bundleIdentifier
        self.settings = settings
    }
}

public struct DoNotDisturbParams: Codable, Sendable, Hashable {
    public var isOn: Bool
    public init(isOn: Bool) { self.isOn = isOn }
}

/// Events for every app (`bundleIdentifier: null`) or one app.
public struct SubscribeParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String?
    /// `true`: this client shows permission prompts (`promptRequested` / `promptWithdrawn`
    /// events) and answers them with `answerPrompt`; a `promptRequested` for every prompt
    /// already waiting comes at once. `false`: it no longer does. Absent: unchanged (a plain
    /// subscription gets no prompt events).
    public var prompts: Bool?
    /// The tmux pane this user interface runs in (`$TMUX`, `$TMUX_PANE`), so the daemon does not
    /// show a tmux popup for a banner this UI shows already (its pane visible). Absent: unchanged.
    public var tmuxPane: TmuxPlace?
    public init(bundleIdentifier: String? = nil, prompts: Bool? = nil, tmuxPane: TmuxPlace? = nil) {
        self.bundleIdentifier = bundleIdentifier
        self.prompts = prompts
        self.tmuxPane = tmuxPane
    }
}

/// `herald post`: a request from the command line, with the category its actions make.
public struct PostParams: Codable, Sendable, Hashable {
    /// The prefix of categories made by `herald post` (`herald.post.<identifier>`).
    public static let categoryPrefix = "herald.post."
    public var bundleIdentifier: String
    public var request: RequestRecord
    /// Registered for the app (alongside its other categories) before the request is added.
    public var category: CategoryRecord?
    /// `true`: the center must already know the app (`herald post --app`); an unknown one is
    /// refused with the `herald` domain's reason `unknownApp` instead of being created.
    public var requireKnownApp: Bool?
    public init(bundleIdentifier: String, request: RequestRecord, category: CategoryRecord? = nil,
                requireKnownApp: Bool? = nil) {
        self.bundleIdentifier = bundleIdentifier
        self.request = request
        self.category = category
        self.requireKnownApp = requireKnownApp
    }
}

/// The result of `post` and `push`.
public struct PostResult: Codable, Sendable, Hashable {
    public var identifier: String
    public var bundleIdentifier: String
    /// The server's clock when it accepted the request (pass it to `wait` as `since`).
    public var date: Date
    /// Requests of the app dropped over its pending limit to make room for this one (absent when none).
    public var dropped: [String]?
    /// What the poster should be told (a request dropped to make room), absent when nothing.
    public var warning: String?
    public init(identifier: String, bundleIdentifier: String, date: Date) {
        self.identifier = identifier
        self.bundleIdentifier = bundleIdentifier
        self.date = date
    }
}

/// APNs request headers that `herald push` accepts.
public struct PushHeaders: Codable, Sendable, Hashable {
    /// `apns-collapse-id`: becomes the request identifier (64 bytes at most).
    public var collapseID: String?
    /// `apns-priority`: 10, 5 or 1.
    public var priority: Int?
    /// `apns-push-type`: `alert`, `background`, …
    public var pushType: String?
    /// `apns-expiration`: UNIX seconds; `0` means deliver once or never.
    public var expiration: Int?
    public init(collapseID: String? = nil, priority: Int? = nil, pushType: String? = nil, expiration: Int? = nil) {
        self.collapseID = collapseID
        self.priority = priority
        self.pushType = pushType
        self.expiration = expiration
    }
}

/// `herald push`: an APNs payload (the text of a `.apns` file) for an app named by bundle
/// identifier, by device token, or by the payload's `"Simulator Target Bundle"`.
public struct PushParams: Codable, Sendable, Hashable {
    /// The payload, byte for byte (UTF-8 JSON text).
    public var payload: String
    public var bundleIdentifier: String?
    /// Lower-case hex device token (`herald app --token`).
    public var deviceToken: String?
    public var headers: PushHeaders
    public init(payload: String, bundleIdentifier: String? = nil, deviceToken: String? = nil,
                headers: PushHeaders = PushHeaders()) {
        self.payload = payload
        self.bundleIdentifier = bundleIdentifier
        self.deviceToken = deviceToken
        self.headers = headers
    }

    /// Whose post rate a push counts against (the socket's and the broker's doors): its app,
    /// else its device token.
    package var rateLimitKey: String { bundleIdentifier ?? deviceToken ?? "(push without an app)" }
}

/// Waits for the user's response to a request.
public struct WaitParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String
    public var identifier: String
    /// Only responses to deliveries at or after this date count (the `date` of `post`).
    public var since: Date?
    /// Seconds, 0…`maximumTimeout`; `nil` waits as long as the connection lasts.
    public var timeout: Double?
    public init(bundleIdentifier: String, identifier: String, since: Date? = nil, timeout: Double? = nil) {
        self.bundleIdentifier = bundleIdentifier
        self.identifier = identifier
        self.since = since
        self.timeout = timeout
    }

    /// The longest `timeout`: 365 days (31,536,000 s). Longer waits leave it out.
    public static let maximumTimeout: Double = 365 * 86_400

    /// Throws `EngineError.invalidRequest` naming `timeout` and its limit when it is negative,
    /// not a number or over `maximumTimeout`.
    public static func validate(timeout: Double?) throws {
        guard let timeout else { return }
        guard timeout >= 0, timeout <= maximumTimeout else {
            throw EngineError.invalidRequest(field: "timeout", reason: "is \(timeout) seconds; it must be from 0 to "
                + "\(Int(maximumTimeout)) seconds (365 days); leave it out to wait as long as the connection lasts")
        }
    }
}

/// The response, or `timedOut: true`.
public struct WaitResult: Codable, Sendable, Hashable {
    public var response: ResponseRecord?
    public var timedOut: Bool
    public init(response: ResponseRecord?, timedOut: Bool) {
        self.response = response
        self.timedOut = timedOut
    }
}

/// A user interface's answer to a permission prompt (`answerPrompt`).
public struct AnswerPromptParams: Codable, Sendable, Hashable {
    /// The prompt's `id` (the `promptRequested` event).
    public var promptID: Int64
    /// `true` for Allow, `false` for Don't Allow.
    public var allowed: Bool
    public init(promptID: Int64, allowed: Bool) {
        self.promptID = promptID
        self.allowed = allowed
    }
}

/// The reply to `handOver`: the pid of the daemon handing its center over (its listening socket
/// comes with this reply).
public struct HandOverResult: Codable, Sendable, Hashable {
    public var pid: Int32
    public init(pid: Int32) { self.pid = pid }
}
