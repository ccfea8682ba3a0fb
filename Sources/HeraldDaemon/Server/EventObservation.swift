import HeraldCore
import HeraldWire

/// A running observation of the center's events (`CenterBackend.observeEvents`); `cancel()`
/// ends it.
public struct EventObservation: Sendable {
    private let onCancel: @Sendable () -> Void

    /// An observation that runs `onCancel` when cancelled.
    public init(onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }

    /// Stops the handler from being called (soon: an event being delivered may still arrive).
    public func cancel() { onCancel() }
}

extension CenterBackend {
    /// The default: a task that reads `events()` and calls `handler` for each, in order.
    public func observeEvents(_ handler: @escaping @Sendable (CenterEvent) -> Void) async -> EventObservation {
        let events = await events()
        let task = Task {
            for await event in events { handler(event) }
        }
        return EventObservation { task.cancel() }
    }
}
