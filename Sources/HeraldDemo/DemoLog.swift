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

    /// A date as the log and the terminal UI write it: `2026-03-18 09:00` (24-hour, local time,
    /// whatever the locale — one format on one screen).
    public static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    /// Writes `app: message`.
    public func write(_ app: String, _ message: String) {
        let line = "\(app): \(message)"
        storage.withLock { $0 }?(line)
    }
}
