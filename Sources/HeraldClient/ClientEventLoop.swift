import HeraldSystem
import Synchronization

/// The one thread that serves every `IPCClient` connection of this process: an `EventLoop`
/// (epoll), as the daemon serves its side of the same connections. A connection costs a
/// descriptor and no thread; a reply is read on the loop and resumes its caller — on that same
/// thread, without waking another, when the caller's task prefers the loop
/// (`IPCClient.executor`).
///
/// It starts with the first connection and lives as long as the process; while no connection
/// has anything to read it sleeps in `epoll_wait` and never wakes by itself.
enum ClientEventLoop {
    private static let started = Mutex<EventLoop?>(nil)

    /// The loop, started on first use. Throws `Errno` when the process cannot make one (no
    /// descriptors left); a later call tries again.
    static func shared() throws -> EventLoop {
        try started.withLock { started in
            if let started { return started }
            let loop = try EventLoop(name: "herald.client")
            loop.start(tickInterval: 3600, onTick: { false }, afterRound: {})
            started = loop
            return loop
        }
    }
}
