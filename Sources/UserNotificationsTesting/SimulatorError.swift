/// Why the simulated user could not act on a notification.
///
/// ```swift
/// await #expect(throws: SimulatorError.notDelivered(identifier: "nope")) { try await simulator.tap("nope") }
/// ```
public enum SimulatorError: Error, Hashable, CustomStringConvertible {
    /// No delivered (shown) notification has this request identifier.
    case notDelivered(identifier: String)
    /// The notification's category has no text-input action to reply with.
    case noTextInputAction(identifier: String)

    public var description: String {
        switch self {
        case .notDelivered(let identifier):
            return "no delivered notification with identifier '\(identifier)' (was it shown? see presentations)"
        case .noTextInputAction(let identifier):
            return "the category of '\(identifier)' has no UNTextInputNotificationAction to reply with"
        }
    }
}
