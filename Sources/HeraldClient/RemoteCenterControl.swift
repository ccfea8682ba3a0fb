import Foundation
import HeraldCore
import HeraldWire
import Synchronization

/// `CenterControl` over the socket: what the terminal UI uses to talk to the daemon. Several
/// can be attached to one daemon at once; each gets every event. Each call is its request
/// (`CenterRequests`, written in the request's file under HeraldWire's `Methods/`).
///
/// ```swift
/// let control = try await RemoteCenterControl.connect(socketPath: path)
/// for await event in await control.events() { … }
/// try await control.respond(deliveryID: 7, action: .action("ACCEPT"))
/// ```
///
/// Permission prompts are events like the rest (`.promptRequested`, `.promptWithdrawn`): the
/// subscription `events()` makes counts this connection as one of the daemon's prompt-showing
/// user interfaces, and begins with the prompts waiting; answer with `answerPrompt`.
public final class RemoteCenterControl: CenterRequests {
    /// The connection (shared with anything else the caller wants to ask).
    public let client: IPCClient

    private struct State {
        var streams: [UInt64: AsyncStream<CenterEvent>.Continuation] = [:]
        var nextKey: UInt64 = 0
        var isSubscribed = false
    }

    private let state = Mutex(State())
    /// The tmux pane this user interface runs in, told to the daemon when it subscribes (so the
    /// daemon's tmux popups do not double the banners shown here).
    private let tmuxPane: TmuxPlace?

    /// Wraps a connected client (usually made with `role: .ui`); `tmuxPane` is where this user
    /// interface runs in tmux, if it does (`TmuxPlace.current(environment:)`).
    public init(client: IPCClient, tmuxPane: TmuxPlace? = nil) {
        self.client = client
        self.tmuxPane = tmuxPane
        client.onEvent { [weak self] event in
            guard let self else { return }
            let streams = self.state.withLock { Array($0.streams.values) }
            for stream in streams { stream.yield(event) }
        }
        client.onClose { [weak self] in
            guard let self else { return }
            let streams = self.state.withLock { state in
                defer { state.streams.removeAll() }
                return Array(state.streams.values)
            }
            for stream in streams { stream.finish() }
        }
    }

    /// Connects to the daemon at `socketPath` as a user interface.
    public static func connect(socketPath: String, client name: String = "herald ui") async throws -> RemoteCenterControl {
        RemoteCenterControl(client: try await IPCClient.connect(socketPath: socketPath,
                                                                hello: ClientHello(role: .ui, client: name)))
    }

    /// Sends a request over the connection (`IPCClient.call`); every `CenterControl` call is one
    /// (`CenterRequests`).
    public func call<P, R>(_ method: Method<P, R>, _ params: P) async throws -> R {
        try await client.call(method, params)
    }

    /// Subscribes (once per connection, as a user interface that shows permission prompts) and
    /// returns a stream of every event from now on, starting with the prompts waiting. The
    /// stream finishes when the connection closes.
    public func events() async -> AsyncStream<CenterEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: CenterEvent.self)
        let (key, mustSubscribe) = state.withLock { state -> (UInt64, Bool) in
            state.nextKey += 1
            state.streams[state.nextKey] = continuation
            defer { state.isSubscribed = true }
            return (state.nextKey, !state.isSubscribed)
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.streams.removeValue(forKey: key) }
        }
        if client.isClosed { continuation.finish() }
        if mustSubscribe {
            _ = try? await client.call(Methods.subscribe, SubscribeParams(prompts: true, tmuxPane: tmuxPane))
        }
        return stream
    }
}
