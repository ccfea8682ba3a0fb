import CDBus
import Foundation
import HeraldDBus
import Synchronization

/// The floor under every notification server, for `herald-bench`: owns
/// `org.freedesktop.Notifications` on a bus and answers `Notify` (ids counting up),
/// `CloseNotification`, `GetCapabilities` and `GetServerInformation` at once, on the same bus
/// connection type as Herald's front door, on an event loop of its own — and shows, checks and stores nothing. What a `notify-send`
/// costs against it is what it costs against any server; what it costs against Herald on top
/// of that is Herald's own work.
///
/// ```swift
/// let floor = try NullNotificationsServer(address: bus.address)
/// defer { floor.stop() }
/// ```
public final class NullNotificationsServer: Sendable {
    private let bus: DBusConnection

    /// Connects to the bus at `address`, takes the name (throws when someone holds it) and serves.
    public init(address: String) throws {
        let dbus = try DBusLibrary.load()
        bus = try DBusConnection.connect(dbus, address: address)
        let reply = try bus.requestName(NotificationsInterface.busName,
                                        flags: UInt32(HERALD_DBUS_NAME_FLAG_DO_NOT_QUEUE))
        guard reply == Int32(HERALD_DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER) else {
            bus.stop()
            throw DBusCallError.failed("\(NotificationsInterface.busName) is taken")
        }
        let counter = IDCounter()
        bus.start(onMessage: { [bus] message in
            let header = bus.header(message)
            guard header.isMethodCall else { return false }
            switch header.member {
            case "Notify": bus.reply(to: message, [.uint32(counter.next())])
            case "CloseNotification": bus.reply(to: message, [])
            case "GetCapabilities": bus.reply(to: message, [.strings(["actions", "body"])])
            case "GetServerInformation": bus.reply(to: message, [.string("Null"), .string("Herald"), .string("1.0"),
                                                                 .string(NotificationsInterface.specVersion)])
            default: bus.reply(to: message, error: .unknownMethod("no method \(header.member)"))
            }
            return true
        })
    }

    /// Closes the connection (the name goes with it).
    public func stop() { bus.stop() }
}

/// The ids the null server hands out.
private final class IDCounter: Sendable {
    private let last = Mutex<UInt32>(0)
    func next() -> UInt32 {
        last.withLock { last in
            last &+= 1
            return last
        }
    }
}
