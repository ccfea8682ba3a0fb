/// The work a message's acknowledgement waits for (`MQTTConnection.Events.message`), and how it
/// runs beside the work of the messages read before and after it. The PUBACKs of a read's
/// messages go out once the work of each of them has ended.
///
/// ```swift
/// events.message = { topic, payload in
///     MessageWork(order: .together) { await store(topic) }   // beside the others read with it
/// }
/// ```
struct MessageWork: Sendable {
    enum Order: Sendable {
        /// At once, beside the work of the other messages read with it (their commits can be shared).
        case together
        /// Alone, in the order read: after the work of every message read before it has ended,
        /// and before the work of any message read after it starts.
        case alone
    }

    var order: Order
    var run: @Sendable () async -> Void

    init(order: Order, _ run: @escaping @Sendable () async -> Void) {
        self.order = order
        self.run = run
    }
}
