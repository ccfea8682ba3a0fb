import CEpoll
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A typed wrapper over one epoll instance (`epoll_create1`, `epoll_ctl`, `epoll_wait`),
/// level-triggered: a descriptor is reported for as long as it is ready. Each registration
/// carries a 64-bit token, returned with its readiness, so a reused descriptor number is never
/// mistaken for the one that was closed.
///
/// ```swift
/// let poll = try EventPoll()
/// try poll.add(socket.descriptor, token: 7, interest: .readable)
/// var ready: [EventPoll.Event] = []
/// try poll.wait(into: &ready, capacity: 64, timeoutMilliseconds: 1_000)
/// ```
public final class EventPoll: Sendable {
    /// What a registration waits for.
    public struct Interest: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Bytes to read, end of stream, or the peer's shutdown (`EPOLLIN | EPOLLRDHUP`).
        public static let readable = Interest(rawValue: EPOLLIN.rawValue | EPOLLRDHUP.rawValue)
        /// Room to write (`EPOLLOUT`).
        public static let writable = Interest(rawValue: EPOLLOUT.rawValue)
    }

    /// One ready registration.
    public struct Event: Sendable {
        /// The token given to `add`.
        public var token: UInt64
        /// Something to read, or the stream ended or failed (a read says which).
        public var isReadable: Bool
        /// Room to write, or the stream failed (a write says how).
        public var isWritable: Bool
    }

    /// The epoll descriptor.
    public let descriptor: Int32

    /// A new epoll instance (close-on-exec).
    public init() throws {
        descriptor = try retryingOnInterrupt { epoll_create1(Int32(EPOLL_CLOEXEC)) }
    }

    deinit { _ = close(descriptor) }

    /// Starts watching `fd`.
    public func add(_ fd: Int32, token: UInt64, interest: Interest) throws {
        try control(EPOLL_CTL_ADD, fd, token: token, interest: interest)
    }

    /// Changes what `fd` is watched for.
    public func modify(_ fd: Int32, token: UInt64, interest: Interest) throws {
        try control(EPOLL_CTL_MOD, fd, token: token, interest: interest)
    }

    /// Stops watching `fd` (before it is closed).
    public func remove(_ fd: Int32) {
        var unused = epoll_event()
        _ = epoll_ctl(descriptor, EPOLL_CTL_DEL, fd, &unused)
    }

    /// Waits up to `timeoutMilliseconds` (-1: for ever) for ready registrations, at most
    /// `capacity` of them; `ready` is replaced by what came (nothing on a timeout or a signal).
    public func wait(into ready: inout [Event], capacity: Int, timeoutMilliseconds: Int32) throws {
        try withUnsafeTemporaryAllocation(of: epoll_event.self, capacity: capacity) { events in
            try wait(into: &ready, events: events, timeoutMilliseconds: timeoutMilliseconds)
        }
    }

    /// `wait`, at most `events.count` of them, through `events`: a buffer the caller keeps across
    /// its waits (the event loop's, for the life of its thread), so a wait allocates nothing —
    /// a temporary one of more than a kilobyte is not on the stack but a heap allocation.
    func wait(into ready: inout [Event], events: UnsafeMutableBufferPointer<epoll_event>,
              timeoutMilliseconds: Int32) throws {
        ready.removeAll(keepingCapacity: true)
        let count = epoll_wait(descriptor, events.baseAddress, Int32(events.count), timeoutMilliseconds)
        if count < 0 {
            if errno == EINTR { return }
            throw Errno.current
        }
        let failure = EPOLLERR.rawValue | EPOLLHUP.rawValue
        for event in events.prefix(Int(count)) {
            let flags = event.events
            ready.append(Event(token: event.data.u64,
                               isReadable: flags & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue | failure) != 0,
                               isWritable: flags & (EPOLLOUT.rawValue | failure) != 0))
        }
    }

    private func control(_ operation: Int32, _ fd: Int32, token: UInt64, interest: Interest) throws {
        var event = epoll_event()
        event.events = interest.rawValue
        event.data.u64 = token
        try retryingOnInterrupt { epoll_ctl(descriptor, operation, fd, &event) }
    }
}
