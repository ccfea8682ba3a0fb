import Foundation
import HeraldCore
import HeraldWire
import Synchronization

/// A `CenterControl` that outlives its daemon: when the connection goes (the daemon stopped or
/// died) it says so on `changes()`, connects again with backoff — through the same `connect`
/// that started the UI, so a daemon is started when none answers — and says so again. Its
/// `events()` stream runs across connections, permission prompts included: each connection
/// begins with the prompts waiting in that daemon, and `answerPrompt` answers through the
/// connection in use.
///
/// Calls made while disconnected throw `ReconnectingCenterControl.NotConnected` (the terminal
/// UI does not even try: it shows the disconnected state and changes nothing).
///
/// ```swift
/// let center = try await ReconnectingCenterControl.start { try await RemoteCenterControl(client: connect()) }
/// for await change in center.changes() { … }   // .lost(reason), .restored(remote)
/// ```
public final class ReconnectingCenterControl: CenterRequests {
    public typealias Connect = @Sendable () async throws -> RemoteCenterControl

    /// What happened to the connection.
    public enum Change: Sendable {
        /// The connection went; reconnecting has begun.
        case lost(reason: String)
        /// Connected again, through `remote`. Its event stream begins with the prompts that
        /// still wait (a prompt settled meanwhile is not sent again).
        case restored(RemoteCenterControl)
    }

    /// A call made while no daemon is connected.
    public struct NotConnected: Error, CustomStringConvertible {
        public var description: String { "not connected to the center: reconnecting (the daemon stopped)" }
    }

    /// Seconds between attempts: doubling from `first` up to `limit`.
    public struct Backoff: Sendable {
        public var first: Double = 0.1
        public var limit: Double = 3
        public init(first: Double = 0.1, limit: Double = 3) {
            self.first = first
            self.limit = limit
        }
    }

    private struct State {
        var current: RemoteCenterControl?
        var eventStreams: [UInt64: AsyncStream<CenterEvent>.Continuation] = [:]
        var changeStreams: [UInt64: AsyncStream<Change>.Continuation] = [:]
        var nextKey: UInt64 = 0
        var isStopped = false
        var watcher: Task<Void, Never>?
    }

    private let connect: Connect
    private let backoff: Backoff
    private let state = Mutex(State())

    private init(connect: @escaping Connect, backoff: Backoff) {
        self.connect = connect
        self.backoff = backoff
    }

    /// Connects for the first time (throwing as `connect` does) and watches the connection.
    public static func start(backoff: Backoff = Backoff(), connect: @escaping Connect) async throws -> ReconnectingCenterControl {
        let control = ReconnectingCenterControl(connect: connect, backoff: backoff)
        await control.attach(try await connect())
        return control
    }

    /// The connection in use (`nil` while reconnecting).
    public var current: RemoteCenterControl? { state.withLock { $0.current } }

    /// Stops watching and reconnecting; the streams finish.
    public func stop() {
        let (events, changes, watcher) = state.withLock { state in
            state.isStopped = true
            defer { state.eventStreams.removeAll(); state.changeStreams.removeAll() }
            return (Array(state.eventStreams.values), Array(state.changeStreams.values), state.watcher)
        }
        watcher?.cancel()
        events.forEach { $0.finish() }
        changes.forEach { $0.finish() }
    }

    /// Every change of the connection from now on.
    public func changes() -> AsyncStream<Change> { stream(\.changeStreams) }

    /// Events of whichever daemon is connected, across reconnections.
    public func events() async -> AsyncStream<CenterEvent> { stream(\.eventStreams) }

    /// A new stream fed through the continuations at `streams` (removed when it ends).
    private func stream<T>(_ streams: WritableKeyPath<State, [UInt64: AsyncStream<T>.Continuation]> & Sendable) -> AsyncStream<T> {
        let (stream, continuation) = AsyncStream.makeStream(of: T.self)
        let key = state.withLock { state -> UInt64 in
            state.nextKey += 1
            state[keyPath: streams][state.nextKey] = continuation
            return state.nextKey
        }
        continuation.onTermination = { [weak self] _ in _ = self?.state.withLock { $0[keyPath: streams].removeValue(forKey: key) } }
        return stream
    }

    /// Takes `remote` as the connection and relays its events until it closes; then reconnects.
    private func attach(_ remote: RemoteCenterControl) async {
        let events = await remote.events()
        // In use before its first event is passed on: a prompt shown can be answered at once.
        state.withLock { $0.current = remote }
        let watcher = Task { [weak self] in
            for await event in events {
                guard let self else { return }
                let streams = self.state.withLock { Array($0.eventStreams.values) }
                for stream in streams { stream.yield(event) }
            }
            guard !Task.isCancelled else { return }
            await self?.reconnect()
        }
        state.withLock { $0.watcher = watcher }
    }

    private func announce(_ change: Change) {
        let streams = state.withLock { Array($0.changeStreams.values) }
        for stream in streams { stream.yield(change) }
    }

    /// The connection closed: say so, then try again with backoff until a daemon answers.
    private func reconnect() async {
        let stopped = state.withLock { state -> Bool in
            state.current = nil
            return state.isStopped
        }
        guard !stopped else { return }
        announce(.lost(reason: "the daemon closed the connection"))
        var delay = backoff.first
        while !state.withLock({ $0.isStopped }) {
            try? await Task.sleep(nanoseconds: Seconds.nanoseconds(delay))
            if let remote = try? await connect() {
                await attach(remote)
                announce(.restored(remote))
                return
            }
            delay = min(backoff.limit, delay * 2)
        }
    }

    private func remote() throws -> RemoteCenterControl {
        guard let current = state.withLock({ $0.current }) else { throw NotConnected() }
        return current
    }

    // MARK: CenterControl, each call a request on the connection in use (`CenterRequests`)

    /// Sends a request on the connection in use; `NotConnected` while there is none.
    public func call<P, R>(_ method: Method<P, R>, _ params: P) async throws -> R {
        try await remote().call(method, params)
    }
}
