/// A D-Bus error reply: its standard error name and a message that names the field and the limit.
public enum DBusCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `org.freedesktop.DBus.Error.InvalidArgs`: wrong signature, a value out of range, too big.
    case invalidArgs(String)
    /// `org.freedesktop.DBus.Error.UnknownMethod`.
    case unknownMethod(String)
    /// `org.freedesktop.DBus.Error.Failed`.
    case failed(String)
    /// `org.freedesktop.DBus.Error.LimitsExceeded`: a limit on how much a sender may do (an app
    /// posting past its rate).
    case limitsExceeded(String)
    /// `org.freedesktop.DBus.Error.UnknownProperty`: `Properties.Get` or `Set` of a property
    /// the object does not have.
    case unknownProperty(String)

    public var name: String {
        switch self {
        case .invalidArgs: return "org.freedesktop.DBus.Error.InvalidArgs"
        case .unknownMethod: return "org.freedesktop.DBus.Error.UnknownMethod"
        case .failed: return "org.freedesktop.DBus.Error.Failed"
        case .limitsExceeded: return "org.freedesktop.DBus.Error.LimitsExceeded"
        case .unknownProperty: return "org.freedesktop.DBus.Error.UnknownProperty"
        }
    }

    public var message: String {
        switch self {
        case .invalidArgs(let text), .unknownMethod(let text), .failed(let text), .limitsExceeded(let text),
             .unknownProperty(let text):
            return text
        }
    }

    public var description: String { "\(name): \(message)" }
}
