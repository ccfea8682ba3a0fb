import Synchronization

/// The one door into the UI: anything, from any thread or task, posts a `Msg` here; the UI loop
/// takes them all at once each frame (so a thousand arrivals cost one redraw).
///
/// ```swift
/// let inbox = MessageQueue()
/// inbox.send(.log("delegate: willPresent → [.banner, .sound]"))
/// inbox.setLogPaneVisible(true)
/// ```
public final class MessageQueue: Sendable {
    private let pending = Mutex<[Msg]>([])

    public init() {}

    /// Posts a message for the next frame.
    public func send(_ msg: Msg) {
        pending.withLock { $0.append(msg) }
    }

    /// Appends a line to the log pane.
    public func log(_ line: String) { send(.log(line)) }

    /// Shows or hides the log pane.
    public func setLogPaneVisible(_ visible: Bool) { send(.setLogPaneVisible(visible)) }

    /// Takes every waiting message, oldest first.
    public func drain() -> [Msg] {
        pending.withLock { messages in
            defer { messages.removeAll(keepingCapacity: true) }
            return messages
        }
    }
}
