import HeraldSystem
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The thread of one connection as a task executor: the thread that reads the socket also runs
/// the jobs of the tasks that prefer it (the connection's requests, `LineConnection.run`). A
/// request is then read, handled and answered on the thread its bytes woke — no hop to the
/// shared pool and back — and the engine actor, when free, runs there too.
///
/// The reading thread alternates: it runs every queued job, then sleeps in `poll` until the
/// socket has bytes or another thread queues a job (a byte on a pipe wakes it). After the socket
/// ends it keeps running jobs until the last task that prefers it has finished.
///
/// ```swift
/// executor.runJobs(untilReadable: socket)   // on the reading thread, before each read
/// ```
final class ConnectionExecutor: TaskExecutor, Sendable {
    private struct State {
        var jobs: [UnownedJob] = []
        /// The thread is in (or about to enter) `poll`: a new job must wake it.
        var isSleeping = false
        /// Tasks started with `taskStarted()` and not yet finished.
        var liveTasks = 0
    }

    private let state = Mutex(State())
    /// Wakes the thread sleeping in `poll` when a job arrives.
    private let wakePipe = WakePipe()

    func enqueue(_ job: UnownedJob) {
        let wake = state.withLock { state -> Bool in
            state.jobs.append(job)
            defer { state.isSleeping = false }
            return state.isSleeping
        }
        if wake { wakePipe.wake() }
    }

    /// Counts a task that prefers this executor; the thread outlives the socket until it ends.
    func taskStarted() { state.withLock { $0.liveTasks += 1 } }

    /// The counted task is finishing (called from its last job).
    func taskFinished() {
        let wake = state.withLock { state -> Bool in
            state.liveTasks -= 1
            defer { state.isSleeping = false }
            return state.isSleeping
        }
        if wake { wakePipe.wake() }
    }

    /// On the reading thread: runs jobs until `socket` has something to read (bytes, end of
    /// stream or an error).
    func runJobs(untilReadable socket: UnixSocket) {
        while true {
            runQueuedJobs()
            guard prepareToSleep(exitWhenIdle: false) else { continue }
            if sleep(watching: socket) { return }
        }
    }

    /// On the reading thread, after the socket ended: runs jobs until no counted task is left.
    func runRemainingJobs() {
        while true {
            runQueuedJobs()
            let idle = state.withLock { $0.jobs.isEmpty && $0.liveTasks == 0 }
            if idle { return }
            guard prepareToSleep(exitWhenIdle: true) else { continue }
            _ = sleep(watching: nil)
        }
    }

    // MARK: Internals

    private func runQueuedJobs() {
        while true {
            var jobs: [UnownedJob] = []
            state.withLock { swap(&jobs, &$0.jobs) }
            if jobs.isEmpty { return }
            for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }

    /// Marks the thread asleep unless work arrived meanwhile; `false` means run jobs first.
    private func prepareToSleep(exitWhenIdle: Bool) -> Bool {
        state.withLock { state -> Bool in
            guard state.jobs.isEmpty, !(exitWhenIdle && state.liveTasks == 0) else { return false }
            state.isSleeping = true
            return true
        }
    }

    /// Sleeps until a job arrives or `socket` is readable; returns whether the socket is.
    private func sleep(watching socket: UnixSocket?) -> Bool {
        var descriptors = [pollfd(fd: wakePipe.descriptor, events: Int16(POLLIN), revents: 0)]
        if let socket { descriptors.append(pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0)) }
        var result: Int32
        repeat {
            // Without a pipe (no descriptors left when the connection came) look for jobs often.
            result = poll(&descriptors, nfds_t(descriptors.count), wakePipe.isOpen ? -1 : 10)
        } while result < 0 && errno == EINTR
        state.withLock { $0.isSleeping = false }
        // A failed poll: let the read report the socket's error.
        if result < 0 { return socket != nil }
        if descriptors[0].revents != 0 { wakePipe.drain() }
        return descriptors.count > 1 && descriptors[1].revents != 0
    }
}
