/// An argument Herald writes into a call, a reply or a signal (the types the notifications
/// interface uses).
public enum DBusArgument: Sendable, Hashable {
    case string(String)
    case uint32(UInt32)
    case int32(Int32)
    case strings([String])
    /// `a{sv}`: each value written as a variant of its own type.
    case hints([String: DBusArgument])
}
