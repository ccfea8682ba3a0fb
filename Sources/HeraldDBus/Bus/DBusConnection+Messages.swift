import CDBus
import Foundation

extension DBusConnection {
    /// The message's arguments, read with the reader's limits.
    func arguments(of message: DBusLibrary.Message) throws -> [DBusValue] {
        try DBusMessageReader(dbus: dbus).arguments(of: message)
    }

    /// Replies to a method call with `arguments` (loop thread).
    package func reply(to call: DBusLibrary.Message, _ arguments: [DBusArgument]) {
        guard let reply = dbus.messageNewMethodReturn(call) else { return }
        DBusMessageWriter(dbus: dbus).append(arguments, to: reply)
        _ = dbus.connectionSend(connection, reply, nil)
        dbus.messageUnref(reply)
    }

    /// Keeps a method call to answer later (loop thread): the reply to `Notify` waits until the
    /// notification is stored.
    func keep(_ call: DBusLibrary.Message) -> PendingCall {
        _ = dbus.messageRef(call)
        return PendingCall(message: call)
    }

    /// Replies to a kept call with `arguments`, or with `error`, and lets it go (loop thread;
    /// only the latter once the connection is closed).
    func reply(to pending: PendingCall, _ result: Result<[DBusArgument], DBusCallError>) {
        guard isOpen else { return dbus.messageUnref(pending.message) }
        switch result {
        case .success(let arguments): reply(to: pending.message, arguments)
        case .failure(let error): reply(to: pending.message, error: error)
        }
        dbus.messageUnref(pending.message)
    }

    /// Replies to a method call with an error (loop thread).
    package func reply(to call: DBusLibrary.Message, error: DBusCallError) {
        guard let reply = dbus.messageNewError(call, error.name, error.message) else { return }
        _ = dbus.connectionSend(connection, reply, nil)
        dbus.messageUnref(reply)
    }

    /// Sends a signal, to one destination or to every listener (loop thread).
    func emitSignal(path: String, interface: String, name: String, _ arguments: [DBusArgument], destination: String?) {
        guard let signal = dbus.messageNewSignal(path, interface, name) else { return }
        if let destination { _ = dbus.messageSetDestination(signal, destination) }
        DBusMessageWriter(dbus: dbus).append(arguments, to: signal)
        _ = dbus.connectionSend(connection, signal, nil)
        dbus.messageUnref(signal)
    }

    /// A blocking call to the bus itself with one string argument; its first reply argument.
    /// Used before the loop starts (or on the loop thread) for `GetNameOwner` and friends.
    func callBus(_ method: String, _ argument: String) -> DBusValue? {
        guard let call = dbus.messageNewMethodCall("org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                   "org.freedesktop.DBus", method) else { return nil }
        defer { dbus.messageUnref(call) }
        DBusMessageWriter(dbus: dbus).append([.string(argument)], to: call)
        var error = HeraldDBusError()
        dbus.errorInit(&error)
        defer { dbus.errorFree(&error) }
        guard let reply = dbus.connectionSendWithReplyAndBlock(connection, call, 2000, &error) else { return nil }
        defer { dbus.messageUnref(reply) }
        return (try? arguments(of: reply))?.first
    }

    /// Who owns a name, for a log line: "unique name (pid N, command)".
    func describeOwner(of name: String) -> String {
        guard let owner = callBus("GetNameOwner", name)?.string else { return "another program" }
        return describe(connection: owner)
    }

    /// A connection's unique name as "command (pid N, :1.7)", as far as the bus still knows it.
    func describe(connection owner: String) -> String {
        guard let pid = callBus("GetConnectionUnixProcessID", owner)?.integer else { return owner }
        let command = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return command.map { "\($0) (pid \(pid), \(owner))" } ?? "pid \(pid) (\(owner))"
    }

    /// Header fields of a message as Swift strings.
    package func header(_ message: DBusLibrary.Message) -> DBusMessageHeader {
        func text(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }
        return DBusMessageHeader(type: dbus.messageGetType(message), interface: text(dbus.messageGetInterface(message)),
                                 member: text(dbus.messageGetMember(message)), path: text(dbus.messageGetPath(message)),
                                 sender: text(dbus.messageGetSender(message)),
                                 signature: text(dbus.messageGetSignature(message)))
    }
}

/// A method call waiting for its reply (`DBusConnection.keep`), answered once, on the loop thread.
struct PendingCall: Sendable {
    /// (Referenced by this value until the reply; touched on the loop thread only.)
    nonisolated(unsafe) let message: DBusLibrary.Message
}

/// The header fields of a message that routing needs.
package struct DBusMessageHeader {
    var type: Int32
    var interface: String
    package var member: String
    var path: String
    var sender: String
    var signature: String

    package var isMethodCall: Bool { type == Int32(HERALD_DBUS_MESSAGE_TYPE_METHOD_CALL) }
    var isSignal: Bool { type == Int32(HERALD_DBUS_MESSAGE_TYPE_SIGNAL) }
}
