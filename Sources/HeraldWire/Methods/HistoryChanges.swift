import Foundation
import HeraldCore

// Acting on delivered notifications as the user (`CenterControl`): respond, mark read, delete,
// clear.

extension Methods {
    public static let respond = Method<RespondParams, Empty>("respond")
    public static let markRead = Method<MarkReadParams, Empty>("markRead")
    public static let deleteHistory = Method<DeliveryIDsParams, Empty>("deleteHistory")
    public static let clearHistory = Method<OptionalAppParams, Empty>("clearHistory")
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

extension RespondParams: CanonicalIdentifiers {
    public func withCanonicalIdentifiers() -> RespondParams {
        RespondParams(deliveryID: deliveryID, action: action.withCanonicalIdentifiers())
    }
}

extension MarkReadParams: ParamsWithoutIdentifiers {}
extension DeliveryIDsParams: ParamsWithoutIdentifiers {}

extension CenterRequests {
    public func respond(deliveryID: Int64, action: ResponseAction) async throws {
        _ = try await call(Methods.respond, RespondParams(deliveryID: deliveryID, action: action))
    }

    public func markRead(deliveryIDs: [Int64], isRead: Bool) async throws {
        _ = try await call(Methods.markRead, MarkReadParams(deliveryIDs: deliveryIDs, isRead: isRead))
    }

    public func deleteHistory(deliveryIDs: [Int64]) async throws {
        _ = try await call(Methods.deleteHistory, DeliveryIDsParams(deliveryIDs: deliveryIDs))
    }

    public func clearHistory(bundleIdentifier: String?) async throws {
        _ = try await call(Methods.clearHistory, OptionalAppParams(bundleIdentifier: bundleIdentifier))
    }
}
