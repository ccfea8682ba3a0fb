import CDBus
import HeraldSystem

/// libdbus's main-loop integration on an `EventLoop`: each descriptor libdbus watches is one
/// registration on the loop's epoll while one of its watches is enabled (for reading, writing or
/// both); each enabled timeout is a timer of the loop, armed again after it fired while libdbus
/// keeps it; messages queued by libdbus are dispatched on the loop (the dispatch-status function
/// asks for that), and a message sent from another thread wakes the loop (wake-up function).
extension DBusConnection {
    /// Installs the functions (loop thread).
    func installFunctions() {
        let me = Unmanaged.passUnretained(self).toOpaque()
        _ = dbus.connectionSetWatchFunctions(connection, { watch, data in
            guard let watch, let data else { return 0 }
            DBusConnection.from(data).addWatch(watch)
            return 1
        }, { watch, data in
            guard let watch, let data else { return }
            DBusConnection.from(data).removeWatch(watch)
        }, { watch, data in
            guard let watch, let data else { return }
            DBusConnection.from(data).updateRegistration(of: DBusConnection.from(data).dbus.watchGetUnixFD(watch))
        }, me, nil)
        _ = dbus.connectionSetTimeoutFunctions(connection, { timeout, data in
            guard let timeout, let data else { return 0 }
            DBusConnection.from(data).armTimeout(timeout)
            return 1
        }, { timeout, data in
            guard let timeout, let data else { return }
            DBusConnection.from(data).removeTimeout(timeout)
        }, { timeout, data in
            guard let timeout, let data else { return }
            DBusConnection.from(data).armTimeout(timeout)
        }, me, nil)
        dbus.connectionSetDispatchStatusFunction(connection, { _, status, data in
            // Called inside libdbus: the dispatch runs after it, on the loop.
            guard let data, status == Int32(HERALD_DBUS_DISPATCH_DATA_REMAINS) else { return }
            let connection = DBusConnection.from(data)
            connection.loop.execute { connection.dispatchAll() }
        }, me, nil)
        dbus.connectionSetWakeupMainFunction(connection, { data in
            guard let data else { return }
            DBusConnection.from(data).loop.execute {}
        }, me, nil)
        _ = dbus.connectionAddFilter(connection, { _, message, data in
            guard let message, let data else { return Int32(HERALD_DBUS_HANDLER_RESULT_NOT_YET_HANDLED) }
            let handled = DBusConnection.from(data).filter(message)
            return Int32(handled ? HERALD_DBUS_HANDLER_RESULT_HANDLED : HERALD_DBUS_HANDLER_RESULT_NOT_YET_HANDLED)
        }, me, nil)
    }

    // MARK: Watches

    private func addWatch(_ watch: OpaquePointer) {
        let fd = dbus.watchGetUnixFD(watch)
        let handle = Handle(watch)
        state.withLock { $0.descriptors[fd, default: WatchedDescriptor()].watches.append(handle) }
        updateRegistration(of: fd)
    }

    private func removeWatch(_ watch: OpaquePointer) {
        let fd = dbus.watchGetUnixFD(watch)
        let handle = Handle(watch)
        state.withLock { $0.descriptors[fd]?.watches.removeAll { $0 == handle } }
        updateRegistration(of: fd)
    }

    /// What the enabled watches on `fd` wait for.
    private func interest(of watches: [Handle]) -> EventPoll.Interest {
        var interest: EventPoll.Interest = []
        for watch in watches where dbus.watchGetEnabled(watch.pointer) != 0 {
            let flags = dbus.watchGetFlags(watch.pointer)
            if flags & UInt32(HERALD_DBUS_WATCH_READABLE) != 0 { interest.insert(.readable) }
            if flags & UInt32(HERALD_DBUS_WATCH_WRITABLE) != 0 { interest.insert(.writable) }
        }
        return interest
    }

    /// Registers `fd` on the loop, changes what it waits for, or takes it off the loop, as its
    /// watches say now.
    private func updateRegistration(of fd: Int32) {
        state.withLock { state in
            guard var watched = state.descriptors[fd] else { return }
            let wanted = interest(of: watched.watches)
            switch (watched.token, wanted.isEmpty) {
            case (let token?, true):
                loop.remove(fd, token: token)
                watched.token = nil
            case (let token?, false):
                loop.modify(fd, token: token, interest: wanted)
            case (nil, false):
                watched.token = try? loop.register(fd, interest: wanted) { [weak self] event in
                    self?.handleReadiness(of: fd, event)
                }
            case (nil, true):
                break
            }
            if watched.watches.isEmpty && watched.token == nil {
                state.descriptors[fd] = nil
            } else {
                state.descriptors[fd] = watched
            }
        }
    }

    /// `fd` is ready: each enabled watch on it handles what it waits for, then what was read is
    /// dispatched.
    private func handleReadiness(of fd: Int32, _ event: EventPoll.Event) {
        let watches = state.withLock { $0.isOpen ? $0.descriptors[fd]?.watches ?? [] : [] }
        for watch in watches {
            // An earlier handle may have removed it.
            guard state.withLock({ $0.descriptors[fd]?.watches.contains(watch) == true }),
                  dbus.watchGetEnabled(watch.pointer) != 0 else { continue }
            let wants = dbus.watchGetFlags(watch.pointer)
            var flags: UInt32 = 0
            if event.isReadable && wants & UInt32(HERALD_DBUS_WATCH_READABLE) != 0 { flags |= UInt32(HERALD_DBUS_WATCH_READABLE) }
            if event.isWritable && wants & UInt32(HERALD_DBUS_WATCH_WRITABLE) != 0 { flags |= UInt32(HERALD_DBUS_WATCH_WRITABLE) }
            if flags != 0 { _ = dbus.watchHandle(watch.pointer, flags) }
        }
        dispatchAll()
    }

    // MARK: Timeouts

    /// Arms (or disarms) the loop's timer for a timeout as libdbus has it now.
    private func armTimeout(_ timeout: OpaquePointer) {
        let enabled = dbus.timeoutGetEnabled(timeout) != 0
        let interval = Double(max(0, dbus.timeoutGetInterval(timeout))) / 1000
        let handle = Handle(timeout)
        state.withLock { state in
            if let old = state.timeouts[handle] ?? nil { loop.cancelTimer(old) }
            state.timeouts[handle] = enabled ? loop.addTimer(after: interval) { [weak self] in self?.fire(handle) } : nil
        }
    }

    private func removeTimeout(_ timeout: OpaquePointer) {
        let handle = Handle(timeout)
        state.withLock { state in
            if let old = state.timeouts.removeValue(forKey: handle) ?? nil { loop.cancelTimer(old) }
        }
    }

    /// A timer fired: libdbus handles its timeout (unless it went meanwhile), which runs again
    /// after its interval while libdbus keeps it enabled.
    private func fire(_ timeout: Handle) {
        guard state.withLock({ $0.isOpen && $0.timeouts[timeout] != nil }) else { return }
        _ = dbus.timeoutHandle(timeout.pointer)
        if state.withLock({ $0.timeouts[timeout] != nil }) { armTimeout(timeout.pointer) }
        dispatchAll()
    }
}
