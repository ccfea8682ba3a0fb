import Foundation

/// The UI lost its center (the daemon stopped or died) and its host is reconnecting.
public struct Disconnection: Sendable, Hashable {
    public var since: Date
    public var reason: String
    public init(since: Date, reason: String) {
        self.since = since
        self.reason = reason
    }
}
