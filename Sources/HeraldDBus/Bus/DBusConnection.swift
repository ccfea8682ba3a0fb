import CDBus
import Foundation
import HeraldSystem
import Synchronization

/// One private connection to a message bus, served by an `EventLoop` — the daemon's, beside its
/// socket clients, or one of its own: libdbus's watches are registrations on the loop's epoll,
/// its timeouts the loop's timers (`DBusConnection+Watches.swift`), and messages are dispatched
/// on the loop whenever libdbus has some queued. Nothing wakes up periodically.
///
/// Every libdbus call on the connection happens on the loop's thread: incoming messages reach
/// `onMessage` there, other threads hand work over with `perform`, and a task that prefers the
/// loop (`Task(executorPreference: connection.loop)`) answers a call from there after it awaited
/// the engine.
///
/// ```swift
/// let bus = try DBusConnection.connect(dbus, address: address, loop: daemonLoop)
/// bus.start(onMessage: { message in … return true })
/// bus.perform { bus.emitSignal(…) }
/// bus.stop()
/// ```
package final class DBusConnection: Sendable {
    let dbus: DBusLibrary
    /// libdbus's connection: thread-safe (its threads are initialised in `DBusLibrary.load`), and
    /// used on the loop's thread only but for the calls made before `start`.
    nonisolated(unsafe) let connection: DBusLibrary.Connection
    /// Our unique name on the bus (":1.42").
    let uniqueName: String
    /// The loop that serves the connection.
    package let loop: EventLoop
    /// Whether `stop` ends `loop` too (it was made for this connection).
    private let ownsLoop: Bool

    /// What the loop thread calls: every incoming message (returns whether it was handled), and
    /// once when the bus connection is lost.
    struct Handlers {
        var message: @Sendable (DBusLibrary.Message) -> Bool = { _ in false }
        var disconnect: @Sendable () -> Void = {}
    }

    /// libdbus's watches and timeouts as the loop serves them, and whether the connection is open.
    struct State: ~Copyable {
        var isOpen = true
        var isStarted = false
        var handlers = Handlers()
        /// Each descriptor libdbus watches: its registration on the loop (while a watch on it is
        /// enabled) and its watches (libdbus keeps one for reading and one for writing).
        var descriptors: [Int32: WatchedDescriptor] = [:]
        /// Each timeout and the loop timer that fires it (`nil` while it is disabled).
        var timeouts: [Handle: UInt64?] = [:]
    }

    struct WatchedDescriptor {
        var token: UInt64?
        var watches: [Handle] = []
    }

    /// A libdbus watch or timeout, by address (a plain value that may cross threads; libdbus
    /// owns the object, which is touched on the loop's thread only).
    struct Handle: Hashable, Sendable {
        let address: UInt
        init(_ pointer: OpaquePointer) { address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(pointer))) }
        var pointer: OpaquePointer { OpaquePointer(bitPattern: address)! }
    }

    let state = Mutex(State())

    private init(dbus: DBusLibrary, connection: DBusLibrary.Connection, uniqueName: String, loop: EventLoop, ownsLoop: Bool) {
        self.dbus = dbus
        self.connection = connection
        self.uniqueName = uniqueName
        self.loop = loop
        self.ownsLoop = ownsLoop
    }

    /// Opens a private connection to the bus at `address` and registers on it (`Hello`).
    package static func openRegistered(_ dbus: DBusLibrary, address: String) throws -> DBusLibrary.Connection {
        var error = HeraldDBusError()
        dbus.errorInit(&error)
        defer { dbus.errorFree(&error) }
        guard let connection = dbus.connectionOpenPrivate(address, &error) else {
            throw DBusUnavailable(reason: "cannot connect to the session bus at \(address): \(DBusConnection.text(error))")
        }
        dbus.connectionSetExitOnDisconnect(connection, 0)
        guard dbus.busRegister(connection, &error) != 0 else {
            dbus.connectionClose(connection)
            dbus.connectionUnref(connection)
            throw DBusUnavailable(reason: "the session bus at \(address) refused Hello: \(DBusConnection.text(error))")
        }
        return connection
    }

    /// A new registered connection to the bus at `address`, to be served by `loop` (a started
    /// loop), or by a loop of its own when `nil`. Not served until `start`.
    package static func connect(_ dbus: DBusLibrary, address: String, loop: EventLoop? = nil) throws -> DBusConnection {
        let connection = try openRegistered(dbus, address: address)
        let served: EventLoop
        if let loop {
            served = loop
        } else {
            do {
                served = try EventLoop(name: "herald.dbus")
            } catch {
                dbus.connectionClose(connection)
                dbus.connectionUnref(connection)
                throw DBusUnavailable(reason: "cannot make an event loop: \(error)")
            }
            served.start(tickInterval: 3600, onTick: { false }, afterRound: {})
        }
        let unique = dbus.busGetUniqueName(connection).map { String(cString: $0) } ?? ""
        return DBusConnection(dbus: dbus, connection: connection, uniqueName: unique, loop: served, ownsLoop: loop == nil)
    }

    package static func text(_ error: HeraldDBusError) -> String {
        let name = error.name.map { String(cString: $0) } ?? "unknown error"
        let message = error.message.map { String(cString: $0) } ?? ""
        return message.isEmpty ? name : "\(message) (\(name))"
    }

    // MARK: Calls made before start (blocking, on the caller's thread)

    /// `RequestName`; returns libdbus's reply code or throws with the bus's error.
    package func requestName(_ name: String, flags: UInt32) throws -> Int32 {
        var error = HeraldDBusError()
        dbus.errorInit(&error)
        defer { dbus.errorFree(&error) }
        let reply = dbus.busRequestName(connection, name, flags, &error)
        if dbus.errorIsSet(&error) != 0 { throw DBusUnavailable(reason: "RequestName \(name): \(Self.text(error))") }
        return reply
    }

    /// `AddMatch` for a match rule.
    func addMatch(_ rule: String) throws {
        var error = HeraldDBusError()
        dbus.errorInit(&error)
        defer { dbus.errorFree(&error) }
        dbus.busAddMatch(connection, rule, &error)
        if dbus.errorIsSet(&error) != 0 { throw DBusUnavailable(reason: "AddMatch \(rule): \(Self.text(error))") }
    }

    // MARK: Serving

    /// Hands the connection to the loop: the watch, timeout, dispatch and filter functions are
    /// installed there, and messages already queued are dispatched. Returns once that is done.
    package func start(onMessage: @escaping @Sendable (DBusLibrary.Message) -> Bool,
                       onDisconnect: @escaping @Sendable () -> Void = {}) {
        state.withLock {
            $0.handlers = Handlers(message: onMessage, disconnect: onDisconnect)
            $0.isStarted = true
        }
        onLoopAndWait { [self] in
            installFunctions()
            dispatchAll()
        }
    }

    /// Runs `job` on the loop thread (soon, in order with other jobs); nothing once the
    /// connection is closed (the bus went away, or `stop`).
    func perform(_ job: @escaping @Sendable () -> Void) {
        loop.execute { [self] in
            guard state.withLock({ $0.isOpen }) else { return }
            job()
        }
    }

    /// Whether the connection is still open (read on the loop thread before libdbus calls made
    /// after an await).
    var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Closes the connection (its watches and timers leave the loop) and returns once that is
    /// done; a loop of its own ends too.
    package func stop() {
        onLoopAndWait { [self] in close() }
        if ownsLoop { loop.stop() }
    }

    /// Runs `body` on the loop and waits for it (at once when called on the loop).
    private func onLoopAndWait(_ body: @escaping @Sendable () -> Void) {
        if loop.isCurrent { return body() }
        let done = DispatchSemaphore(value: 0)
        loop.execute {
            body()
            done.signal()
        }
        done.wait()
    }

    /// Closes and releases the connection, once (loop thread).
    private func close() {
        let wasOpen = state.withLock { state -> Bool in
            defer { state.isOpen = false }
            return state.isOpen
        }
        guard wasOpen else { return }
        dbus.connectionClose(connection)
        dbus.connectionUnref(connection)
        // What libdbus did not remove itself leaves the loop now.
        let (descriptors, timers) = state.withLock { state in
            defer {
                state.descriptors.removeAll()
                state.timeouts.removeAll()
            }
            return (state.descriptors, state.timeouts.values.compactMap { $0 })
        }
        for (fd, watched) in descriptors { if let token = watched.token { loop.remove(fd, token: token) } }
        for timer in timers { loop.cancelTimer(timer) }
    }

    /// Dispatches every message libdbus has queued (loop thread).
    func dispatchAll() {
        guard isOpen else { return }
        while dbus.connectionDispatch(connection) == Int32(HERALD_DBUS_DISPATCH_DATA_REMAINS) {}
    }

    static func from(_ data: UnsafeMutableRawPointer) -> DBusConnection {
        Unmanaged<DBusConnection>.fromOpaque(data).takeUnretainedValue()
    }

    /// A message for the filter: the `Disconnected` signal libdbus sends itself when the bus goes
    /// away (the connection closes), or the handler's.
    func filter(_ message: DBusLibrary.Message) -> Bool {
        let handlers = state.withLock { $0.handlers }
        guard dbus.messageGetType(message) == Int32(HERALD_DBUS_MESSAGE_TYPE_SIGNAL),
              let member = dbus.messageGetMember(message), String(cString: member) == "Disconnected",
              let interface = dbus.messageGetInterface(message),
              String(cString: interface) == "org.freedesktop.DBus.Local" else { return handlers.message(message) }
        handlers.disconnect()
        // Not inside libdbus's dispatch: after it.
        loop.execute { [self] in close() }
        return true
    }
}
