import Synchronization

/// A weak reference set after the fact, read from any thread: for an object whose callbacks
/// must exist before it does (they are handed to what the object is made of).
///
/// ```swift
/// let door = LateReference<BrokerDoor>()
/// events.connected = { code in door.object?.connected(code) }
/// door.object = BrokerDoor(connection: try MQTTConnection(…, events: events), …)
/// ```
public final class LateReference<Object: AnyObject & Sendable>: Sendable {
    private struct Slot {
        weak var object: Object?
    }

    private let slot = Mutex(Slot())

    public init() {}

    /// The object, while it lives.
    public var object: Object? {
        get { slot.withLock { $0.object } }
        set { slot.withLock { $0.object = newValue } }
    }
}
