/// Output held back until an `EventLoop`'s round has run dry (`EventLoop.deferFlush`): what a
/// round sends to one client — the acknowledgements of its posts, events — goes out in one
/// write instead of one per message.
///
/// ```swift
/// final class Connection: DeferredFlush {
///     func send(_ line: Data) { queue.append(line); if loop.isCurrent { loop.deferFlush(self) } }
///     func flush() { … write the queue … }
/// }
/// ```
public protocol DeferredFlush: AnyObject, Sendable {
    /// Writes what was held back; called on the loop, once per `deferFlush`.
    func flush()
}
