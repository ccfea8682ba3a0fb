import Foundation
import HeraldCore
import HeraldWire
import Synchronization

/// `CenterControl` over the socket: what the terminal UI uses to talk to the daemon. Several
/// can be attached to one daemon at once; each gets every event.
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
public final class RemoteCenterControl: CenterControl {
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

    public func apps() async throws -> [AppRecord] { try await client.call(Methods.apps, Empty()) }

    public func history(_ query: HistoryQuery) async throws -> [DeliveredRecord] {
        try await client.call(Methods.history, query)
    }

    /// The list's page (`historyPage`); from a center older than this client, which does not
    /// know it, the whole records of `history` (a complete page).
    public func historyPage(_ query: HistoryQuery) async throws -> HistoryPage {
        do {
            return try await client.call(Methods.historyPage, query)
        } catch let error as WireError where error.reason == IPCProtocolReason.unknownMethod.rawValue {
            return HistoryPage(records: try await history(query))
        }
    }

    public func historyCount(_ query: HistoryQuery) async throws -> Int { try await client.call(Methods.historyCount, query) }

    public func historyCounts() async throws -> [String: HistoryCounts] { try await client.call(Methods.historyCounts, Empty()) }

    public func unreadCounts() async throws -> [String: Int] { try await client.call(Methods.unreadCounts, Empty()) }

    public func respond(deliveryID: Int64, action: ResponseAction) async throws {
        _ = try await client.call(Methods.respond, RespondParams(deliveryID: deliveryID, action: action))
    }

    public func markRead(deliveryIDs: [Int64], isRead: Bool) async throws {
        _ = try await client.call(Methods.markRead, MarkReadParams(deliveryIDs: deliveryIDs, isRead: isRead))
    }

    public func deleteHistory(deliveryIDs: [Int64]) async throws {
        _ = try await client.call(Methods.deleteHistory, DeliveryIDsParams(deliveryIDs: deliveryIDs))
    }

    public func clearHistory(bundleIdentifier: String?) async throws {
        _ = try await client.call(Methods.clearHistory, OptionalAppParams(bundleIdentifier: bundleIdentifier))
    }

    public func setBadge(_ count: Int, bundleIdentifier: String) async throws {
        _ = try await client.call(Methods.setBadge, BadgeParams(bundleIdentifier: bundleIdentifier, count: count))
    }

    public func updateSettings(_ settings: AppSettings, bundleIdentifier: String) async throws {
        _ = try await client.call(Methods.updateSettings, SettingsParams(bundleIdentifier: bundleIdentifier, settings: settings))
    }

    /// `false` when the daemon cannot be asked.
    public func doNotDisturb() async -> Bool { (try? await client.call(Methods.doNotDisturb, Empty())) ?? false }

    public func setDoNotDisturb(_ isOn: Bool) async throws {
        _ = try await client.call(Methods.setDoNotDisturb, DoNotDisturbParams(isOn: isOn))
    }

    public func focusOverview() async throws -> FocusOverview { try await client.call(Methods.focus, Empty()) }

    public func changeFocus(_ change: FocusChange) async throws -> FocusOverview {
        try await client.call(Methods.changeFocus, change)
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

    /// Answers prompt `promptID`. `true` when this answer settled it; `false` when it was
    /// settled already (another UI answered first, or the app went away).
    @discardableResult
    public func answerPrompt(promptID: Int64, allowed: Bool) async throws -> Bool {
        try await client.call(Methods.answerPrompt, AnswerPromptParams(promptID: promptID, allowed: allowed))
    }
}
