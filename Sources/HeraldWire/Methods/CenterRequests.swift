import HeraldCore

/// `CenterControl` as requests to a daemon. A conforming type only sends a request and returns
/// its result (`call`); each `CenterControl` call is its request, written once, in the request's
/// own file under `Methods/` as an extension of this protocol — so `RemoteCenterControl` (over
/// its connection) and `ReconnectingCenterControl` (over whichever one is up) share them.
///
/// ```swift
/// extension CenterRequests {
///     public func setBadge(_ count: Int, bundleIdentifier: String) async throws {
///         _ = try await call(Methods.setBadge, BadgeParams(bundleIdentifier: bundleIdentifier, count: count))
///     }
/// }
/// ```
public protocol CenterRequests: CenterControl {
    /// Sends `method` with `params` and returns its result; errors as `IPCClient.call` throws them.
    func call<P, R>(_ method: Method<P, R>, _ params: P) async throws -> R
}
