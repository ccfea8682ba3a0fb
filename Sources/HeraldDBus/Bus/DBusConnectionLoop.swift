import CDBus
import Foundation
import Synchronization

/// One private connection to a message bus, driven by its own thread: `poll` on the file
/// descriptors libdbus asks to watch (`dbus_connection_set_watch_functions`) plus a wake pipe,
/// with the nearest enabled libdbus timeout as the poll timeout. Nothing wakes up periodically:
/// the thread sleeps until the bus socket is ready, a timeout is due or `perform` posts a job.
///
/// Every libdbus call on the connection happens on that thread — incoming messages reach
/// `onMessage` there, and other threads hand work over with `perform` — except sending with
/// `sendNow`, which other threads may do at once (libdbus locks the connection; its threads are
/// initialised in `DBusLibrary.load`) so that a reply does not wait for a wake of the loop.
///
/// ```swift
/// let bus = try DBusConnectionLoop.connect(dbus, address: address)
/// bus.onMessage = { message in … return true }
/// bus.start()
/// bus.perform { bus.emitSignal(…) }
/// ```
package final class DBusConnectionLoop: @unchecked Sendable {
    let dbus: DBusLibrary
    let connection: DBusLibrary.Connection
    /// Our unique name on the bus (":1.42").
    let uniqueName: String
    /// Called on the loop thread for every incoming message; returns whether it was handled.
    package var onMessage: (DBusLibrary.Message) -> Bool = { _ in false }
    /// Called on the loop thread once when the bus connection is lost.
    var onDisconnect: () -> Void = {}

    // Loop-thread state.
    private var watches: [OpaquePointer] = []
    private var timeouts: [(timeout: OpaquePointer, deadline: UInt64)] = []
    private var isRunning = true

    /// Jobs posted by `perform`; `nil` once the loop has ended and closed its wake pipe (the
    /// pipe's descriptor numbers may then belong to another file: nothing writes to them).
    private let jobs = Mutex<[@Sendable () -> Void]?>([])
    private let wakeRead: Int32
    /// The wake pipe's write end (internal for the tests: closed once the loop has ended).
    let wakeWrite: Int32
    private let finished = DispatchSemaphore(value: 0)
    private var thread: Thread?

    private init(dbus: DBusLibrary, connection: DBusLibrary.Connection, uniqueName: String, pipe: (Int32, Int32)) {
        self.dbus = dbus
        self.connection = connection
        self.uniqueName = uniqueName
        self.wakeRead = pipe.0
        self.wakeWrite = pipe.1
    }

    /// Opens a private connection to the bus at `address` and registers on it (`Hello`).
    package static func openRegistered(_ dbus: DBusLibrary, address: String) throws -> DBusLibrary.Connection {
        var error = HeraldDBusError()
        dbus.errorInit(&error)
        defer { dbus.errorFree(&error) }
        guard let connection = dbus.connectionOpenPrivate(address, &error) else {
            throw DBusUnavailable(reason: "cannot connect to the session bus at \(address): \(DBusConnectionLoop.text(error))")
        }
        dbus.connectionSetExitOnDisconnect(connection, 0)
        guard dbus.busRegister(connection, &error) != 0 else {
            dbus.connectionClose(connection)
            dbus.connectionUnref(connection)
            throw DBusUnavailable(reason: "the session bus at \(address) refused Hello: \(DBusConnectionLoop.text(error))")
        }
        return connection
    }

    /// A loop on a new registered connection to the bus at `address` (not started yet).
    package static func connect(_ dbus: DBusLibrary, address: String) throws -> DBusConnectionLoop {
        let connection = try openRegistered(dbus, address: address)
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            dbus.connectionClose(connection)
            dbus.connectionUnref(connection)
            throw DBusUnavailable(reason: "cannot make a wake pipe: errno \(errno)")
        }
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let unique = dbus.busGetUniqueName(connection).map { String(cString: $0) } ?? ""
        return DBusConnectionLoop(dbus: dbus, connection: connection, uniqueName: unique, pipe: (fds[0], fds[1]))
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

    // MARK: The loop

    /// Installs the watch, timeout and filter functions and starts the loop thread.
    package func start() {
        let me = Unmanaged.passUnretained(self).toOpaque()
        _ = dbus.connectionSetWatchFunctions(connection, { watch, data in
            guard let watch, let data else { return 0 }
            DBusConnectionLoop.from(data).watches.append(watch)
            return 1
        }, { watch, data in
            guard let watch, let data else { return }
            DBusConnectionLoop.from(data).watches.removeAll { $0 == watch }
        }, { _, _ in
            // Enabled state is read on every iteration.
        }, me, nil)
        _ = dbus.connectionSetTimeoutFunctions(connection, { timeout, data in
            guard let timeout, let data else { return 0 }
            let loop = DBusConnectionLoop.from(data)
            loop.timeouts.append((timeout, loop.deadline(of: timeout)))
            return 1
        }, { timeout, data in
            guard let timeout, let data else { return }
            DBusConnectionLoop.from(data).timeouts.removeAll { $0.timeout == timeout }
        }, { timeout, data in
            guard let timeout, let data else { return }
            let loop = DBusConnectionLoop.from(data)
            if let index = loop.timeouts.firstIndex(where: { $0.timeout == timeout }) {
                loop.timeouts[index].deadline = loop.deadline(of: timeout)
            }
        }, me, nil)
        _ = dbus.connectionAddFilter(connection, { _, message, data in
            guard let message, let data else { return Int32(HERALD_DBUS_HANDLER_RESULT_NOT_YET_HANDLED) }
            let loop = DBusConnectionLoop.from(data)
            let handled = loop.handleLocal(message) || loop.onMessage(message)
            return Int32(handled ? HERALD_DBUS_HANDLER_RESULT_HANDLED : HERALD_DBUS_HANDLER_RESULT_NOT_YET_HANDLED)
        }, me, nil)
        let thread = Thread { [self] in run() }
        thread.name = "herald.dbus"
        self.thread = thread
        thread.start()
    }

    /// Runs `job` on the loop thread (soon, in order); nothing once the loop has ended (the bus
    /// went away, or `stop`).
    func perform(_ job: @escaping @Sendable () -> Void) {
        jobs.withLock { jobs in
            guard jobs != nil else { return }
            jobs?.append(job)
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
        }
    }

    /// Runs `send` — libdbus calls that queue outgoing messages, such as a reply to a kept
    /// call — on the calling thread at once, while the connection is open: libdbus writes what
    /// the socket takes. Follow it with a `perform`, whose wake makes the loop poll for the rest.
    /// Nothing once the loop has ended (the connection is closed then).
    func sendNow(_ send: () -> Void) {
        jobs.withLock { jobs in
            guard jobs != nil else { return }
            send()
        }
    }

    /// Stops the loop, closes the connection and waits for the thread to end.
    package func stop() {
        guard thread != nil else { return }
        perform { [self] in isRunning = false }
        finished.wait()
        thread = nil
    }

    private static func from(_ data: UnsafeMutableRawPointer) -> DBusConnectionLoop {
        Unmanaged<DBusConnectionLoop>.fromOpaque(data).takeUnretainedValue()
    }

    private func deadline(of timeout: OpaquePointer) -> UInt64 {
        DispatchTime.now().uptimeNanoseconds + UInt64(max(0, dbus.timeoutGetInterval(timeout))) * 1_000_000
    }

    /// The `Disconnected` signal libdbus sends itself when the bus goes away.
    private func handleLocal(_ message: DBusLibrary.Message) -> Bool {
        guard dbus.messageGetType(message) == Int32(HERALD_DBUS_MESSAGE_TYPE_SIGNAL),
              let member = dbus.messageGetMember(message), String(cString: member) == "Disconnected",
              let interface = dbus.messageGetInterface(message),
              String(cString: interface) == "org.freedesktop.DBus.Local" else { return false }
        isRunning = false
        onDisconnect()
        return true
    }

    private func run() {
        dispatchAll()
        while isRunning {
            var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            var polled: [OpaquePointer] = []
            for watch in watches where dbus.watchGetEnabled(watch) != 0 {
                let flags = dbus.watchGetFlags(watch)
                var events: Int16 = 0
                if flags & UInt32(HERALD_DBUS_WATCH_READABLE) != 0 { events |= Int16(POLLIN) }
                if flags & UInt32(HERALD_DBUS_WATCH_WRITABLE) != 0 { events |= Int16(POLLOUT) }
                fds.append(pollfd(fd: dbus.watchGetUnixFD(watch), events: events, revents: 0))
                polled.append(watch)
            }
            let ready = poll(&fds, nfds_t(fds.count), nextTimeoutMilliseconds())
            if ready < 0 && errno != EINTR { break }
            if fds[0].revents != 0 { runJobs() }
            for (index, watch) in polled.enumerated() where fds[index + 1].revents != 0 {
                guard watches.contains(watch) else { continue }
                let revents = fds[index + 1].revents
                var flags: UInt32 = 0
                if revents & Int16(POLLIN) != 0 { flags |= UInt32(HERALD_DBUS_WATCH_READABLE) }
                if revents & Int16(POLLOUT) != 0 { flags |= UInt32(HERALD_DBUS_WATCH_WRITABLE) }
                if revents & Int16(POLLERR) != 0 { flags |= UInt32(HERALD_DBUS_WATCH_ERROR) }
                if revents & Int16(POLLHUP) != 0 { flags |= UInt32(HERALD_DBUS_WATCH_HANGUP) }
                _ = dbus.watchHandle(watch, flags)
            }
            fireDueTimeouts()
            dispatchAll()
        }
        runJobs()
        // From here on nothing posts jobs, writes to the wake pipe or sends (`sendNow`).
        jobs.withLock { $0 = nil }
        dbus.connectionClose(connection)
        dbus.connectionUnref(connection)
        close(wakeRead)
        close(wakeWrite)
        finished.signal()
    }

    private func dispatchAll() {
        while dbus.connectionDispatch(connection) == Int32(HERALD_DBUS_DISPATCH_DATA_REMAINS) {}
    }

    private func runJobs() {
        var drain = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &drain, drain.count) > 0 {}
        let pending = jobs.withLock { jobs -> [@Sendable () -> Void] in
            defer { if jobs != nil { jobs = [] } }
            return jobs ?? []
        }
        for job in pending { job() }
    }

    private func nextTimeoutMilliseconds() -> Int32 {
        let enabled = timeouts.filter { dbus.timeoutGetEnabled($0.timeout) != 0 }
        guard let soonest = enabled.map(\.deadline).min() else { return -1 }
        let now = DispatchTime.now().uptimeNanoseconds
        guard soonest > now else { return 0 }
        return Int32(min(UInt64(Int32.max), (soonest - now + 999_999) / 1_000_000))
    }

    private func fireDueTimeouts() {
        let now = DispatchTime.now().uptimeNanoseconds
        for entry in timeouts where entry.deadline <= now && dbus.timeoutGetEnabled(entry.timeout) != 0 {
            guard timeouts.contains(where: { $0.timeout == entry.timeout }) else { continue }
            if let index = timeouts.firstIndex(where: { $0.timeout == entry.timeout }) {
                timeouts[index].deadline = deadline(of: entry.timeout)
            }
            _ = dbus.timeoutHandle(entry.timeout)
        }
    }
}
