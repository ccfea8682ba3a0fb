import Foundation
import HeraldCore

/// Every request of protocol version 1. `docs/PROTOCOL.md` shows an example of each.
///
/// ```swift
/// try await client.call(Methods.add, AddParams(bundleIdentifier: "com.example.app", request: request))
/// ```
public enum Methods {
    // MARK: NotificationSystem (what an app process needs)

    public static let connect = Method<AppParams, Empty>("connect")
    public static let disconnect = Method<AppParams, Empty>("disconnect")
    public static let setForeground = Method<ForegroundParams, Empty>("setForeground")
    public static let requestAuthorization = Method<AuthorizationParams, Bool>("requestAuthorization")
    public static let appRecord = Method<AppParams, AppRecord>("appRecord")
    public static let setCategories = Method<CategoriesParams, Empty>("setCategories")
    public static let categories = Method<AppParams, [CategoryRecord]>("categories")
    public static let add = Method<AddParams, Empty>("add")
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

    // MARK: CenterControl (what a user interface needs)

    public static let apps = Method<Empty, [AppRecord]>("apps")
    public static let history = Method<HistoryQuery, [DeliveredRecord]>("history")
    /// The page a list shows (`HistoryPage`): records over 8 KiB shortened, cut to fit one line.
    public static let historyPage = Method<HistoryQuery, HistoryPage>("historyPage")
    public static let historyCount = Method<HistoryQuery, Int>("historyCount")
    public static let unreadCounts = Method<Empty, [String: Int]>("unreadCounts")
    /// What a status line shows, in one answer: unread counts, those apps' names, the Focus that
    /// is on, the newest unread notification (`herald status`).
    public static let status = Method<Empty, StatusResult>("status")
    /// Every app's history counts: `{"com.example.app":{"unread":2,"total":40}}`.
    public static let historyCounts = Method<Empty, [String: HistoryCounts]>("historyCounts")
    public static let respond = Method<RespondParams, Empty>("respond")
    public static let markRead = Method<MarkReadParams, Empty>("markRead")
    public static let deleteHistory = Method<DeliveryIDsParams, Empty>("deleteHistory")
    public static let clearHistory = Method<OptionalAppParams, Empty>("clearHistory")
    public static let setBadge = Method<BadgeParams, Empty>("setBadge")
    public static let updateSettings = Method<SettingsParams, Empty>("updateSettings")
    public static let doNotDisturb = Method<Empty, Bool>("doNotDisturb")
    public static let setDoNotDisturb = Method<DoNotDisturbParams, Empty>("setDoNotDisturb")
    /// Focus modes, the Focus that is on, the summaries' state.
    public static let focus = Method<Empty, FocusOverview>("focus")
    /// `{"turnOn":{"name":"Work","end":{"duration":{"seconds":3600}}}}`, `{"turnOff":{}}`,
    /// `{"saveMode":{"mode":{…}}}`, `{"removeMode":{"name":"Work"}}`,
    /// `{"setSummaryTimes":{"times":["08:00","18:00"]}}`; the result is the new overview.
    public static let changeFocus = Method<FocusChange, FocusOverview>("changeFocus")
    /// From the reply on, `{"event":…}` lines arrive on this connection.
    public static let subscribe = Method<SubscribeParams, Empty>("subscribe")
    public static let unsubscribe = Method<Empty, Empty>("unsubscribe")
    /// A UI's answer to a `promptRequested` event. The result is `true` when this answer
    /// settled the prompt, `false` when it was settled already (another UI answered first, or
    /// the app went away).
    public static let answerPrompt = Method<AnswerPromptParams, Bool>("answerPrompt")
    /// Closes banners wherever they show (`herald close`); the notifications stay in the list.
    public static let closeBanners = Method<CloseBannersParams, CloseBannersResult>("closeBanners")
    /// Shows the banner most recently shown or closed again (`herald restore`).
    public static let restoreBanner = Method<Empty, RestoreBannerResult>("restoreBanner")

    // MARK: Daemons

    /// A `herald daemon` asks the daemon serving its state directory, started on demand, to hand
    /// the center over: the reply comes with the listening socket attached (`SCM_RIGHTS`), and
    /// the daemon then stops as for SIGTERM. A daemon started by hand or by a supervisor answers
    /// `handOverRefused`.
    public static let handOver = Method<Empty, HandOverResult>("handOver")
    /// How the writes since the last call shared store commits (`{"commits":120,"writes":960,
    /// "largest":8}`); the counts start afresh.
    public static let commitStatistics = Method<Empty, CommitGroupStatistics>("commitStatistics")

    // MARK: Command line

    public static let registerCommandLineApp = Method<AppParams, Empty>("registerCommandLineApp")
    public static let post = Method<PostParams, PostResult>("post")
    public static let push = Method<PushParams, PostResult>("push")
    public static let wait = Method<WaitParams, WaitResult>("wait")
    public static let setServiceExtensionCommand = Method<ServiceExtensionCommandParams, Empty>("setServiceExtensionCommand")
}

/// Every call the server makes to a connected app.
public enum Calls {
    public static let willPresent = Call<WillPresentParams, WirePresentationDecision>("willPresent")
    public static let didReceive = Call<DidReceiveParams, Empty>("didReceive")
    /// The result is a `BackgroundFetchResult` raw value, or `null` when the app has no handler.
    public static let backgroundPush = Call<BackgroundPushParams, BackgroundFetchResult?>("backgroundPush")
    public static let openSettings = Call<OpenSettingsParams, Empty>("openSettings")
    /// The result is the (possibly modified) content; it comes when the extension calls its
    /// content handler.
    public static let serviceExtensionStart = Call<ServiceExtensionStartParams, ContentRecord>("serviceExtensionStart")
    public static let serviceExtensionTimeWillExpire = Call<AppParams, Empty>("serviceExtensionTimeWillExpire")
}

public struct WillPresentParams: Codable, Sendable, Hashable {
    public var notification: DeliveredRecord
    public init(notification: DeliveredRecord) { self.notification = notification }
}

public struct DidReceiveParams: Codable, Sendable, Hashable {
    public var response: ResponseRecord
    public init(response: ResponseRecord) { self.response = response }
}

public struct BackgroundPushParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String
    public var userInfo: [String: JSONValue]
    public init(bundleIdentifier: String, userInfo: [String: JSONValue]) {
        self.bundleIdentifier = bundleIdentifier
        self.userInfo = userInfo
    }
}

public struct OpenSettingsParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String
    public var notification: DeliveredRecord?
    public init(bundleIdentifier: String, notification: DeliveredRecord?) {
        self.bundleIdentifier = bundleIdentifier
        self.notification = notification
    }
}

public struct ServiceExtensionStartParams: Codable, Sendable, Hashable {
    public var bundleIdentifier: String
    public var request: RequestRecord
    public init(bundleIdentifier: String, request: RequestRecord) {
        self.bundleIdentifier = bundleIdentifier
        self.request = request
    }
}

/// `PresentationDecision` on the wire: `{"options":19}`, `{"noDelegate":{}}`,
/// `{"notImplemented":{}}` or `{"timedOut":{}}`.
public enum WirePresentationDecision: Codable, Sendable, Hashable {
    case noDelegate
    case notImplemented
    case timedOut
    case options(UNNotificationPresentationOptions)

    public init(_ decision: PresentationDecision) {
        switch decision {
        case .noDelegate: self = .noDelegate
        case .notImplemented: self = .notImplemented
        case .timedOut: self = .timedOut
        case .options(let options): self = .options(options)
        }
    }

    public var decision: PresentationDecision {
        switch self {
        case .noDelegate: return .noDelegate
        case .notImplemented: return .notImplemented
        case .timedOut: return .timedOut
        case .options(let options): return .options(options)
        }
    }

    private enum CodingKeys: String, CodingKey { case noDelegate, notImplemented, timedOut, options }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let options = try container.decodeIfPresent(UNNotificationPresentationOptions.self, forKey: .options) {
            self = .options(options)
        } else if container.contains(.noDelegate) {
            self = .noDelegate
        } else if container.contains(.notImplemented) {
            self = .notImplemented
        } else if container.contains(.timedOut) {
            self = .timedOut
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "expected one of options, noDelegate, notImplemented, timedOut"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .noDelegate: try container.encode(Empty(), forKey: .noDelegate)
        case .notImplemented: try container.encode(Empty(), forKey: .notImplemented)
        case .timedOut: try container.encode(Empty(), forKey: .timedOut)
        case .options(let options): try container.encode(options, forKey: .options)
        }
    }
}
