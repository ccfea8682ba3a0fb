import HeraldSystem
import Synchronization

/// The one door into the UI (Bubble Tea's `Program.Send`): anything, from any thread or task,
/// posts a `Msg` here — the center's events, the results of effects, the host's log lines — and
/// the UI loop, asleep in `poll`, wakes and takes them all at once (a thousand arrivals cost
/// one redraw). Streams are forwarded through it with `forward(_:as:)`, so no other relay
/// reaches the model.
///
/// ```swift
/// let inbox = MessageQueue()
/// inbox.send(.log("delegate: willPresent → [.banner, .sound]"))
/// inbox.forward(center.changes()) { change in .connectionLost(reason: "\(change)") }
/// ```
public final class MessageQueue: Sendable {
    private struct State {
        var messages: [Msg] = []
        /// A byte is in the wake pipe (or on its way) for messages not yet taken: the next sends
        /// need not write another.
        var wakeSent = false
        var forwards: [Task<Void, Never>] = []
        var isClosed = false
    }

    private let state = Mutex(State())
    private let wakePipe = WakePipe()

    public init() {}

    /// Posts a message for the next frame and wakes the loop.
    public func send(_ msg: Msg) {
        let wake = state.withLock { state in
            state.messages.append(msg)
            defer { state.wakeSent = true }
            return !state.wakeSent
        }
        if wake { wakePipe.wake() }
    }

    /// Appends a line to the log pane.
    public func log(_ line: String) { send(.log(line)) }

    /// Shows or hides the log pane.
    public func setLogPaneVisible(_ visible: Bool) { send(.setLogPaneVisible(visible)) }

    /// Posts `message(element)` for every element of `stream` (nothing for `nil`) until the
    /// stream ends or the queue is closed.
    public func forward<Element: Sendable>(_ stream: AsyncStream<Element>,
                                           as message: @escaping @Sendable (Element) -> Msg?) {
        let task = Task { [weak self] in
            for await element in stream {
                guard let self else { return }
                if let msg = message(element) { self.send(msg) }
            }
        }
        let closed = state.withLock { state in
            if !state.isClosed { state.forwards.append(task) }
            return state.isClosed
        }
        if closed { task.cancel() }
    }

    /// Stops every forward (their streams are no longer read).
    public func close() {
        let forwards = state.withLock { state in
            state.isClosed = true
            defer { state.forwards.removeAll() }
            return state.forwards
        }
        for task in forwards { task.cancel() }
    }

    /// Wakes the loop without a message (it looks at its stop flag).
    public func wake() { wakePipe.wake() }

    /// The descriptor the loop polls for `POLLIN` alongside the terminal (-1 when the process had
    /// no descriptors left for a pipe: see `canWake`).
    public var wakeDescriptor: Int32 { wakePipe.descriptor }

    /// Whether `send` wakes a sleeping loop; without a pipe the loop looks every frame instead.
    public var canWake: Bool { wakePipe.isOpen }

    /// Takes every waiting message, oldest first (the wake-up that announced them is consumed).
    public func drain() -> [Msg] {
        wakePipe.drain()
        return state.withLock { state in
            state.wakeSent = false
            defer { state.messages.removeAll(keepingCapacity: true) }
            return state.messages
        }
    }
}
