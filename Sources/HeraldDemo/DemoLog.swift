import Foundation
import Synchronization

/// Where the demo apps write what their delegates saw — the app log pane in the demo UI.
///
/// ```swift
/// DemoLog.shared.sink = { line in print(line) }
/// DemoLog.shared.write("Calendar", "didReceive ACCEPT_INVITATION meetingId=123 userId=456")
/// ```
public final class DemoLog: Sendable {
    public static let shared = DemoLog()

    private let storage = Mutex<(@Sendable (String) -> Void)?>(nil)

    /// Receives every line; set by the host (the terminal UI's log pane, or a test).
    public var sink: (@Sendable (String) -> Void)? {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }

    /// Writes `app: message`.
    public func write(_ app: String, _ message: String) {
        let line = "\(app): \(message)"
        storage.withLock { $0 }?(line)
    }
}
