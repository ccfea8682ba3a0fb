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
        let connection = try DBusConnectionLoop.openRegistered(dbus, address: address)
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

    /// `CloseNotification`.
    public func closeNotification(_ id: UInt32) throws {
        _ = try call("CloseNotification", [.uint32(id)])
    }

    /// `GetServerInformation`: name, vendor, version, spec version.
    public func serverInformation() throws -> [String] {
        try call("GetServerInformation", []).compactMap(\.string)
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
            throw DBusCallError.failed(DBusConnectionLoop.text(error))
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
