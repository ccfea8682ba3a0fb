import CDBus
import Foundation
import HeraldDBus

/// A client of `org.freedesktop.Notifications` on one private bus connection, with blocking
/// calls: what `herald-bench` uses to count `Notify` calls per second from one connection, and
/// what the D-Bus tests post with.
///
/// ```swift
/// let client = try DesktopNotificationsClient(address: address)
/// let id = try client.notify(appName: "bench", summary: "Hello", body: "", hints: ["urgency": .uint32(1)])
/// client.close()
/// ```
public final class DesktopNotificationsClient {
    private let dbus: DBusLibrary
    private let connection: DBusLibrary.Connection

    /// Connects to the bus at `address` (libdbus loaded at run time).
    public init(address: String) throws {
        let dbus = try DBusLibrary.load()
        self.dbus = dbus
        let connection = try DBusConnection.openRegistered(dbus, address: address)
        self.connection = connection
    }

    /// `Notify`; returns the id the server gave, or throws its error.
    public func notify(appName: String, replacesID: UInt32 = 0, icon: String = "", summary: String, body: String,
                       actions: [String] = [], hints: [String: DBusArgument] = [:],
                       expireTimeout: Int32 = -1) throws -> UInt32 {
        let reply = try call("Notify", [.string(appName), .uint32(replacesID), .string(icon), .string(summary),
                                        .string(body), .strings(actions), .hints(hints), .int32(expireTimeout)])
        guard case .uint(let id)? = reply.first else { throw DBusCallError.failed("Notify returned no id") }
        return UInt32(truncatingIfNeeded: id)
    }

    /// `count` `Notify` calls pipelined on this connection: up to `window` are sent before their
    /// replies are read, and each reply lets another call go. Returns the ids in the order the
    /// replies came (a server may answer calls in the order it finishes them); throws the first
    /// error reply. `summary(n)` is the n-th call's summary.
    public func notifyPipelined(count: Int, window: Int = 100, appName: String, body: String,
                                hints: [String: DBusArgument] = [:], summary: (Int) -> String) throws -> [UInt32] {
        var waiting: Set<UInt32> = []
        var ids: [UInt32] = []
        var sent = 0
        while ids.count < count {
            while sent < count && waiting.count < window {
                let arguments: [DBusArgument] = [.string(appName), .uint32(0), .string(""), .string(summary(sent)),
                                                 .string(body), .strings([]), .hints(hints), .int32(-1)]
                waiting.insert(try send("Notify", arguments))
                sent += 1
            }
            dbus.connectionFlush(connection)
            guard dbus.connectionReadWrite(connection, 25_000) != 0 else { throw DBusCallError.failed("the bus connection closed") }
            while let reply = dbus.connectionPopMessage(connection) {
                defer { dbus.messageUnref(reply) }
                guard waiting.remove(dbus.messageGetReplySerial(reply)) != nil else { continue }
                let values = try DBusMessageReader(dbus: dbus).arguments(of: reply)
                guard dbus.messageGetType(reply) == Int32(HERALD_DBUS_MESSAGE_TYPE_METHOD_RETURN),
                      case .uint(let id)? = values.first else {
                    throw DBusCallError.failed("Notify failed: \(values.compactMap(\.string).joined(separator: " "))")
                }
                ids.append(UInt32(truncatingIfNeeded: id))
            }
        }
        return ids
    }

    /// `CloseNotification`.
    public func closeNotification(_ id: UInt32) throws {
        _ = try call("CloseNotification", [.uint32(id)])
    }

    /// `GetServerInformation`: name, vendor, version, spec version.
    public func serverInformation() throws -> [String] {
        try call("GetServerInformation", []).compactMap(\.string)
    }

    /// Queues a call without waiting for its reply; returns its serial.
    private func send(_ method: String, _ arguments: [DBusArgument]) throws -> UInt32 {
        guard let message = dbus.messageNewMethodCall(NotificationsInterface.busName, NotificationsInterface.path,
                                                      NotificationsInterface.interface, method) else {
            throw DBusCallError.failed("out of memory")
        }
        defer { dbus.messageUnref(message) }
        DBusMessageWriter(dbus: dbus).append(arguments, to: message)
        var serial: UInt32 = 0
        guard dbus.connectionSend(connection, message, &serial) != 0 else { throw DBusCallError.failed("out of memory") }
        return serial
    }

    private func call(_ method: String, _ arguments: [DBusArgument]) throws -> [DBusValue] {
        guard let message = dbus.messageNewMethodCall(NotificationsInterface.busName, NotificationsInterface.path,
                                                      NotificationsInterface.interface, method) else {
            throw DBusCallError.failed("out of memory")
        }
        defer { dbus.messageUnref(message) }
        DBusMessageWriter(dbus: dbus).append(arguments, to: message)
        var error = HeraldDBusError()
        dbus.errorInit(&error)
        defer { dbus.errorFree(&error) }
        guard let reply = dbus.connectionSendWithReplyAndBlock(connection, message, 25_000, &error) else {
            throw DBusCallError.failed(DBusConnection.text(error))
        }
        defer { dbus.messageUnref(reply) }
        return try DBusMessageReader(dbus: dbus).arguments(of: reply)
    }

    /// Closes the connection.
    public func close() {
        dbus.connectionClose(connection)
        dbus.connectionUnref(connection)
    }
}
