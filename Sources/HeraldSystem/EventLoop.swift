import CEpoll
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One thread that serves many descriptors: it waits in `epoll_wait` (`EventPoll`), calls the
/// handler of each ready registration, and is the task executor of the tasks that prefer it, so
/// work started for a line read here runs here too, without a hop to another thread.
///
/// A round: wait for readiness (or a queued job, a timer, or the next tick); call the ready
/// handlers and the timers that are due; then run queued jobs until none is left. When the queue runs dry, the output held back for
/// the round's end is written (`deferFlush`: one write per client), input that arrived
/// meanwhile is read into the same round (`lateReadsPerRound`), and then `afterRound` runs (it
/// may queue more). Everything a round's handlers started has then run as far as it can
/// before the loop sleeps again — the daemon uses that to commit one round's posts together.
///
/// ```swift
/// let loop = try EventLoop(name: "herald.ipc")
/// let token = try loop.register(fd, interest: .readable) { event in … }   // on the loop
/// loop.start(tickInterval: 0.25, onTick: { sweep() }, afterRound: { flush() })
/// Task(executorPreference: loop) { … }   // runs on the loop's thread
/// loop.stop()
/// ```
public final class EventLoop: TaskExecutor, Sendable {
    /// Called on the loop with what is ready.
    public typealias Handler = @Sendable (EventPoll.Event) -> Void

    private struct State {
        var jobs: [UnownedJob] = []
        var calls: [@Sendable () -> Void] = []
        var handlers: [UInt64: Handler] = [:]
        var nextToken: UInt64 = 1
        /// One-shot timers (`addTimer`): when each is due (`DispatchTime` nanoseconds) and what runs.
        var timers: [UInt64: (deadline: UInt64, handler: @Sendable () -> Void)] = [:]
        /// The loop is in (or about to enter) `epoll_wait`: new work must wake it.
        var isSleeping = false
        var isStopped = false
    }

    private let poll: EventPoll
    private let wakePipe = WakePipe()
    private let state = Mutex(State())
    private let name: String
    /// The loop's read buffer (`withReadBuffer`), touched only on the loop's thread.
    private let readBuffer = LoopOnlyBuffer(size: 64 * 1024)
    /// Output to write once the round's work has run dry (`deferFlush`), touched only on the loop.
    private let deferredFlushes = LoopOnlyFlushes()
    /// The loop's thread (`pthread_self()`), once it runs; 0 before.
    private let thread = Atomic<UInt>(0)

    /// How many times a round looks again for input that arrived while it ran, before it ends
    /// (`afterRound`): that input joins the round (the daemon's posts share its commit).
    static let lateReadsPerRound = 4

    /// The token of the wake pipe's registration.
    private static let wakeToken: UInt64 = 0

    /// Makes the epoll instance; `start` starts the thread.
    public init(name: String) throws {
        self.name = name
        poll = try EventPoll()
        if wakePipe.isOpen { try poll.add(wakePipe.descriptor, token: Self.wakeToken, interest: .readable) }
    }

    /// Starts the loop's thread. `onTick` runs on it about every `tickInterval` seconds while it
    /// returns `true` (it has something to watch); once it returns `false` the loop sleeps until
    /// an event or work arrives, and ticks again `tickInterval` after that (an idle loop does not
    /// wake on its own). `afterRound` runs whenever a round's jobs have all run.
    public func start(tickInterval: TimeInterval, onTick: @escaping @Sendable () -> Bool,
                      afterRound: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            run(tickInterval: tickInterval, onTick: onTick, afterRound: afterRound)
        }
        thread.name = name
        thread.start()
    }

    /// Ends the loop after its current round; handlers and timers are dropped. Jobs queued afterwards run on
    /// the shared pool, so tasks that preferred the loop still finish.
    public func stop() {
        state.withLock { state in
            state.isStopped = true
            state.handlers.removeAll()
            state.timers.removeAll()
        }
        wakePipe.wake()
    }

    // MARK: Registrations

    /// Watches `fd`; `handler` runs on the loop whenever it is ready. Returns the registration's
    /// token (for `modify` and `remove`).
    @discardableResult
    public func register(_ fd: Int32, interest: EventPoll.Interest, handler: @escaping Handler) throws -> UInt64 {
        let token = state.withLock { state -> UInt64 in
            defer { state.nextToken += 1 }
            state.handlers[state.nextToken] = handler
            return state.nextToken
        }
        do {
            try poll.add(fd, token: token, interest: interest)
        } catch {
            _ = state.withLock { $0.handlers.removeValue(forKey: token) }
            throw error
        }
        return token
    }

    /// Changes what a registration waits for (from any thread).
    public func modify(_ fd: Int32, token: UInt64, interest: EventPoll.Interest) {
        try? poll.modify(fd, token: token, interest: interest)
    }

    /// Stops watching `fd`; its handler is not called again. Call on the loop (then no handler
    /// is running) before closing the descriptor.
    public func remove(_ fd: Int32, token: UInt64) {
        poll.remove(fd)
        _ = state.withLock { $0.handlers.removeValue(forKey: token) }
    }

    // MARK: Work

    /// Runs `body` on the loop, soon (in the next round; at once on the pool once stopped).
    public func execute(_ body: @escaping @Sendable () -> Void) {
        let (wake, stopped) = state.withLock { state -> (Bool, Bool) in
            if state.isStopped { return (false, true) }
            state.calls.append(body)
            defer { state.isSleeping = false }
            return (state.isSleeping, false)
        }
        if stopped { DispatchQueue.global().async(execute: body) }
        if wake { wakePipe.wake() }
    }

    public func enqueue(_ job: UnownedJob) {
        let (wake, stopped) = state.withLock { state -> (Bool, Bool) in
            if state.isStopped { return (false, true) }
            state.jobs.append(job)
            defer { state.isSleeping = false }
            return (state.isSleeping, false)
        }
        if stopped {
            let executor = asUnownedTaskExecutor()
            DispatchQueue.global().async { job.runSynchronously(on: executor) }
        }
        if wake { wakePipe.wake() }
    }

    /// Runs `handler` on the loop once, about `seconds` from now (never earlier); returns the
    /// timer's token for `cancelTimer`. From any thread.
    @discardableResult
    public func addTimer(after seconds: TimeInterval, _ handler: @escaping @Sendable () -> Void) -> UInt64 {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1e9)
        let (token, wake) = state.withLock { state -> (UInt64, Bool) in
            defer { state.nextToken += 1 }
            state.timers[state.nextToken] = (deadline, handler)
            defer { state.isSleeping = false }
            return (state.nextToken, state.isSleeping)
        }
        if wake { wakePipe.wake() }
        return token
    }

    /// Cancels a timer that has not fired (a fired or unknown token is ignored).
    public func cancelTimer(_ token: UInt64) {
        _ = state.withLock { $0.timers.removeValue(forKey: token) }
    }

    /// Whether the caller runs on the loop's thread.
    public var isCurrent: Bool { UInt(bitPattern: Int(bitPattern: pthread_self())) == thread.load(ordering: .relaxed) }

    /// Calls `item.flush()` on the loop once the work queued now has run dry, before the loop
    /// sleeps (and before `afterRound`). Call on the loop only.
    public func deferFlush(_ item: any DeferredFlush) {
        deferredFlushes.items.append(item)
    }

    /// Lends the loop's 64 KiB read buffer to `body`; call on the loop only.
    public func withReadBuffer<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        try body(readBuffer.bytes)
    }

    // MARK: The loop

    private func run(tickInterval: TimeInterval, onTick: @Sendable () -> Bool, afterRound: @Sendable () -> Void) {
        thread.store(UInt(bitPattern: Int(bitPattern: pthread_self())), ordering: .relaxed)
        var ready: [EventPoll.Event] = []
        // What `epoll_wait` fills, kept for the thread's life: a round allocates nothing for it.
        let events = UnsafeMutableBufferPointer<epoll_event>.allocate(capacity: 128)
        defer { events.deallocate() }
        var nextTick = Date().addingTimeInterval(tickInterval)
        /// `onTick` had nothing to watch: no tick until something happens.
        var idle = false
        while true {
            runQueuedWork(afterRound: afterRound, ready: &ready, events: events)
            let sleeping = state.withLock { state -> Bool? in
                if state.isStopped { return nil }
                guard state.jobs.isEmpty, state.calls.isEmpty else { return false }
                state.isSleeping = true
                return true
            }
            guard let sleeping else { break }
            let tickWait: Int32 = !sleeping ? 0 : idle ? -1 : max(0, Int32(nextTick.timeIntervalSinceNow * 1000) + 1)
            let wait = earliest(tickWait, millisecondsToNextTimer())
            // Without a wake pipe (no descriptors were left), look for queued work often.
            poll(into: &ready, events: events, timeoutMilliseconds: wakePipe.isOpen ? wait : wait < 0 ? 10 : min(wait, 10))
            state.withLock { $0.isSleeping = false }
            if idle && (!ready.isEmpty || !sleeping) {
                idle = false
                nextTick = Date().addingTimeInterval(tickInterval)
            }
            dispatch(ready)
            fireDueTimers()
            if !idle && Date() >= nextTick {
                idle = !onTick()
                nextTick = Date().addingTimeInterval(tickInterval)
            }
        }
        // Stopped: what is still queued runs here; later work goes to the pool (`enqueue`).
        runQueuedWork(afterRound: afterRound, ready: &ready, events: events)
    }

    private func poll(into ready: inout [EventPoll.Event], events: UnsafeMutableBufferPointer<epoll_event>,
                      timeoutMilliseconds: Int32) {
        do {
            try poll.wait(into: &ready, events: events, timeoutMilliseconds: timeoutMilliseconds)
        } catch {
            ready.removeAll()
            usleep(1_000)
        }
    }

    /// Milliseconds until the nearest timer is due (rounded up), `-1` without timers.
    private func millisecondsToNextTimer() -> Int32 {
        guard let nearest = state.withLock({ $0.timers.values.lazy.map(\.deadline).min() }) else { return -1 }
        let now = DispatchTime.now().uptimeNanoseconds
        guard nearest > now else { return 0 }
        return Int32(min(UInt64(Int32.max), (nearest - now + 999_999) / 1_000_000))
    }

    /// The shorter of two `epoll_wait` timeouts (`-1`: for ever).
    private func earliest(_ first: Int32, _ second: Int32) -> Int32 {
        if first < 0 { return second }
        if second < 0 { return first }
        return min(first, second)
    }

    /// Runs the timers that are due, each once.
    private func fireDueTimers() {
        let now = DispatchTime.now().uptimeNanoseconds
        let due = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.timers.isEmpty else { return [] }
            let due = state.timers.filter { $0.value.deadline <= now }.sorted { $0.value.deadline < $1.value.deadline }
            for (token, _) in due { state.timers[token] = nil }
            return due.map(\.value.handler)
        }
        for handler in due { handler() }
    }

    /// Calls the handlers of what is ready.
    private func dispatch(_ ready: [EventPoll.Event]) {
        for event in ready {
            if event.token == Self.wakeToken {
                wakePipe.drain()
                continue
            }
            state.withLock { $0.handlers[event.token] }?(event)
        }
    }

    /// Runs queued calls and jobs until none is left. Whenever they ran dry: the deferred output
    /// is written, then `afterRound` runs — the first time, only once no input arrived meanwhile
    /// (looked for up to `lateReadsPerRound` times): input that did joins the round. (Input that
    /// arrives after `afterRound` is the next round's; the loop's next wait finds it at once.)
    private func runQueuedWork(afterRound: @Sendable () -> Void, ready: inout [EventPoll.Event],
                               events: UnsafeMutableBufferPointer<epoll_event>) {
        var lateReads = 0
        // Swapped with the queues' arrays each time, emptied keeping their storage: the queues
        // fill arrays that already have room (a round's jobs allocated their array afresh and
        // grew it one reallocation at a time).
        var calls: [@Sendable () -> Void] = []
        var jobs: [UnownedJob] = []
        while true {
            calls.removeAll(keepingCapacity: true)
            jobs.removeAll(keepingCapacity: true)
            state.withLock { state in
                swap(&calls, &state.calls)
                swap(&jobs, &state.jobs)
            }
            if calls.isEmpty && jobs.isEmpty {
                flushDeferred()
                if lateReads < Self.lateReadsPerRound, !state.withLock({ $0.isStopped }) {
                    lateReads += 1
                    poll(into: &ready, events: events, timeoutMilliseconds: 0)
                    if !ready.isEmpty {
                        dispatch(ready)
                        continue
                    }
                }
                afterRound()
                lateReads = Self.lateReadsPerRound
                flushDeferred()
                let more = state.withLock { !$0.jobs.isEmpty || !$0.calls.isEmpty }
                if !more { return }
                continue
            }
            for call in calls { call() }
            let executor = asUnownedTaskExecutor()
            for job in jobs { job.runSynchronously(on: executor) }
        }
    }

    private func flushDeferred() {
        guard !deferredFlushes.items.isEmpty else { return }
        var items: [any DeferredFlush] = []
        swap(&items, &deferredFlushes.items)
        for item in items { item.flush() }
        // (Keeps the array's storage for the next round.)
        if deferredFlushes.items.isEmpty {
            items.removeAll(keepingCapacity: true)
            swap(&items, &deferredFlushes.items)
        }
    }
}

/// The output waiting for the end of a round (`EventLoop.deferFlush`); only the loop's thread
/// touches it.
// unchecked: only the loop's thread touches it (the loop itself is Sendable and holds it).
private final class LoopOnlyFlushes: @unchecked Sendable {
    var items: [any DeferredFlush] = []
}

/// Memory only the loop's thread touches (its read buffer), freed with the loop.
// unchecked: only the loop's thread touches the memory (the loop itself is Sendable and holds it).
private final class LoopOnlyBuffer: @unchecked Sendable {
    let bytes: UnsafeMutableRawBufferPointer
    init(size: Int) { bytes = .allocate(byteCount: size, alignment: 16) }
    deinit { bytes.deallocate() }
}
