import HeraldCore

/// Every request of protocol version 1, each declared in its own file of this folder — with its
/// params, its result and their hand-written codec — as an extension of this namespace.
/// `docs/PROTOCOL.md` shows an example of each; the daemon serves each in `RequestDispatcher`.
///
/// ```swift
/// try await client.call(Methods.add, AddParams(bundleIdentifier: "com.example.app", request: request))
/// ```
public enum Methods {}
