import Foundation
import HeraldCore

extension NotificationEngine {
    /// `post(_:bundleIdentifier:category:requireKnownApp:from:)` for the wire's `post` params:
    /// the socket's `post` and the broker's posts.
    public func post(_ params: PostParams, from sender: PostSender) async throws -> PostOutcome {
        try await post(params.request, bundleIdentifier: params.bundleIdentifier, category: params.category,
                       requireKnownApp: params.requireKnownApp == true, from: sender)
    }

    /// `push(_:bundleIdentifier:options:from:)` for the wire's `push` params (the socket's `push`
    /// and the broker's pushes): the app is the one named, else the one whose device token is
    /// given (`BadDeviceToken` when none has it, `DeviceTokenNotForTopic` when it is another
    /// app's), else the payload's `Simulator Target Bundle`.
    public func push(_ params: PushParams, from sender: PostSender) async throws -> PostOutcome {
        var bundleIdentifier = params.bundleIdentifier
        if let token = params.deviceToken?.lowercased() {
            guard let bytes = DeviceToken.data(hex: token), let owner = self.bundleIdentifier(withDeviceToken: bytes) else {
                throw APNsRejection(reason: "BadDeviceToken", explanation: "no app has the device token \(token)")
            }
            if let named = bundleIdentifier, named != owner {
                throw APNsRejection(reason: "DeviceTokenNotForTopic",
                                    explanation: "the device token belongs to \(owner), not \(named)")
            }
            bundleIdentifier = owner
        }
        return try await push(Data(params.payload.utf8), bundleIdentifier: bundleIdentifier,
                              options: try params.headers.options(), from: sender)
    }
}

extension PostResult {
    /// The reply to `post` or `push` for what the engine made of it (`NotificationEngine.post`);
    /// `date` is the server's clock when the request arrived.
    public init(_ outcome: PostOutcome, date: Date) {
        self.init(identifier: outcome.identifier, bundleIdentifier: outcome.bundleIdentifier, date: date)
        if !outcome.dropped.isEmpty { dropped = outcome.dropped }
        warning = outcome.warning
    }
}

extension PushHeaders {
    /// The engine's push options for these headers; an expiration before 1970 is
    /// `PushError.badExpirationDate`, an unknown push type `PushError.invalidPushType`.
    func options() throws -> PushOptions {
        var options = PushOptions(collapseID: collapseID, priority: priority)
        if let pushType { options.pushType = try PushOptions.PushType.parse(pushType) }
        if let expiration {
            guard expiration >= 0 else { throw PushError.badExpirationDate(String(expiration)) }
            options.expiration = Date(timeIntervalSince1970: TimeInterval(expiration))
        }
        return options
    }
}

extension PushError: PushRejection {
    /// The engine's sentence.
    public var explanation: String { message }
}
