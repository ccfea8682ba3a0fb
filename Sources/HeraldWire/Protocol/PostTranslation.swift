import Foundation
import HeraldCore

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
    public func options() throws -> PushOptions {
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
