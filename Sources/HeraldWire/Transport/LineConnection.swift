/// The limits both sides of a connection keep: the daemon (`EventLoopConnection`, one per
/// client) and the clients (`IPCClient` on the same type, `BlockingIPCClient`).
package enum LineConnection {
    /// 1 MiB: the longest line either side accepts.
    package static let maximumLineLength = 1 << 20
    /// 8 MiB of unsent output closes the connection (a subscriber that stopped reading — a UI
    /// suspended with Ctrl-Z — is dropped instead of growing the daemon).
    package static let maximumQueuedBytes = 8 << 20
}
