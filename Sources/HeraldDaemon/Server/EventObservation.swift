/// A running observation of the center's events (`EngineBackend.observeEvents`); `cancel()`
/// ends it.
public struct EventObservation: Sendable {
    private let onCancel: @Sendable () -> Void

    /// An observation that runs `onCancel` when cancelled.
    public init(onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }

    /// Stops the handler from being called (soon: an event being delivered may still arrive).
    public func cancel() { onCancel() }
}
