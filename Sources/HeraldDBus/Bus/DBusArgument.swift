/// An argument Herald writes into a reply or a signal (only the types the notifications
/// interface sends).
public enum DBusArgument: Sendable, Hashable {
    case string(String)
    case uint32(UInt32)
    case strings([String])
}
