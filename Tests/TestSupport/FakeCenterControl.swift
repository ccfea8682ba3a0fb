import Foundation
import HeraldCore
import Synchronization

/// An in-memory `CenterControl` for UI tests: holds apps and history, records every call, and
/// lets the test emit `CenterEvent`s to subscribers.
///
/// ```swift
/// let center = FakeCenterControl(apps: [AppRecord(bundleIdentifier: "com.example.messages")])
/// center.deliver(record)            // stores it and emits .delivered
/// center.calls                      // ["respond(1, open)"]
/// ```
public final class FakeCenterControl: CenterControl {
    public struct State: Sendable {
        public var apps: [AppRecord] = []
        public var history: [DeliveredRecord] = []
        public var doNotDisturb = false
        public var focus = FocusOverview(modes: [.doNotDisturb], active: nil, heldCount: 0,
                                         summaryTimes: [TimeOfDay(hour: 8)], collectedCount: 0, nextSummaryAt: nil)
        public var calls: [String] = []
        public var nextID: Int64 = 1
        public var failing: Set<String> = []
        var subscribers: [AsyncStream<CenterEvent>.Continuation] = []
    }

    public let state: Mutex<State>

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public init(apps: [AppRecord] = [], history: [DeliveredRecord] = []) {
        var initial = State()
        initial.apps = apps
        initial.history = history
        initial.nextID = (history.map(\.deliveryID).max() ?? 0) + 1
        state = Mutex(initial)
    }

    /// Calls made so far, as short strings.
    public var calls: [String] { state.withLock { $0.calls } }
    public var history: [DeliveredRecord] { state.withLock { $0.history } }
    public var appRecords: [AppRecord] { state.withLock { $0.apps } }

    /// Makes the named call (`"respond"`, `"history"` …) throw.
    public func fail(_ call: String) { state.withLock { _ = $0.failing.insert(call) } }

    private func record(_ call: String, _ name: String) throws {
        let failing = state.withLock { s -> Bool in
            s.calls.append(call)
            return s.failing.contains(name)
        }
        if failing { throw Failure(description: "\(name) failed") }
    }

    /// Sends an event to every subscriber.
    public func emit(_ event: CenterEvent) {
        for subscriber in state.withLock({ $0.subscribers }) { subscriber.yield(event) }
    }

    /// Stores a delivery (giving it an id when it has none) and emits `.delivered`.
    @discardableResult
    public func deliver(_ record: DeliveredRecord) -> DeliveredRecord {
        let stored = state.withLock { s -> DeliveredRecord in
            var r = record
            if r.deliveryID == 0 { r.deliveryID = s.nextID; s.nextID += 1 }
            s.history.append(r)
            return r
        }
        emit(.delivered(stored, replacedDeliveryID: nil))
        emitCounts(of: stored.bundleIdentifier)
        return stored
    }

    public func apps() async throws -> [AppRecord] {
        try record("apps", "apps")
        return state.withLock { $0.apps }
    }

    public func history(_ query: HistoryQuery) async throws -> [DeliveredRecord] {
        try record("history(\(query.bundleIdentifier ?? "all"), \(query.search ?? "-"), \(query.offset))", "history")
        return Array(matching(query).dropFirst(query.offset).prefix(query.limit))
    }

    public func historyCount(_ query: HistoryQuery) async throws -> Int {
        matching(query).count
    }

    func matching(_ query: HistoryQuery) -> [DeliveredRecord] {
        let words = (query.search ?? "").lowercased().split(separator: " ").map(String.init)
        return state.withLock { $0.history }
            .filter { query.bundleIdentifier == nil || $0.bundleIdentifier == query.bundleIdentifier }
            .filter { !query.unreadOnly || !$0.isRead }
            .filter { record in
                let text = (record.content.title + " " + record.content.subtitle + " " + record.content.body).lowercased()
                return words.allSatisfy { text.contains($0) }
            }
            .sorted { $0.date == $1.date ? $0.deliveryID > $1.deliveryID : $0.date > $1.date }
    }

    public func historyCounts() async throws -> [String: HistoryCounts] {
        try record("historyCounts", "historyCounts")
        return counts()
    }

    /// Every app's counts, from the history held.
    public func counts() -> [String: HistoryCounts] {
        var counts: [String: HistoryCounts] = [:]
        for r in state.withLock({ $0.history }) {
            counts[r.bundleIdentifier, default: .zero].total += 1
            if !r.isRead { counts[r.bundleIdentifier, default: .zero].unread += 1 }
        }
        return counts
    }

    /// Emits `.countsChanged` for the app, as the engine does after a change.
    public func emitCounts(of bundleIdentifier: String) {
        emit(.countsChanged(bundleIdentifier: bundleIdentifier, counts: counts()[bundleIdentifier] ?? .zero))
    }

    public func respond(deliveryID: Int64, action: ResponseAction) async throws {
        let text: String
        switch action {
        case .open: text = "open"
        case .dismiss: text = "dismiss"
        case .action(let id): text = "action(\(id))"
        case .reply(let id, let reply): text = "reply(\(id), \(reply))"
        }
        try record("respond(\(deliveryID), \(text))", "respond")
    }

    public func markRead(deliveryIDs: [Int64], isRead: Bool) async throws {
        try record("markRead(\(deliveryIDs.map(String.init).joined(separator: ",")))", "markRead")
    }

    public func deleteHistory(deliveryIDs: [Int64]) async throws {
        try record("deleteHistory(\(deliveryIDs.map(String.init).joined(separator: ",")))", "deleteHistory")
        let set = Set(deliveryIDs)
        let apps = state.withLock { s -> Set<String> in
            let apps = Set(s.history.filter { set.contains($0.deliveryID) }.map(\.bundleIdentifier))
            s.history.removeAll { set.contains($0.deliveryID) }
            return apps
        }
        emit(.deleted(deliveryIDs: deliveryIDs))
        for app in apps.sorted() { emitCounts(of: app) }
    }

    public func clearHistory(bundleIdentifier: String?) async throws {
        try record("clearHistory(\(bundleIdentifier ?? "all"))", "clearHistory")
        let apps = state.withLock { s -> Set<String> in
            let apps = Set(s.history.map(\.bundleIdentifier)).filter { bundleIdentifier == nil || $0 == bundleIdentifier }
            s.history.removeAll { bundleIdentifier == nil || $0.bundleIdentifier == bundleIdentifier }
            return apps
        }
        emit(.cleared(bundleIdentifier: bundleIdentifier))
        for app in apps.sorted() { emitCounts(of: app) }
    }

    public func setBadge(_ count: Int, bundleIdentifier: String) async throws {
        try record("setBadge(\(count), \(bundleIdentifier))", "setBadge")
    }

    public func updateSettings(_ settings: AppSettings, bundleIdentifier: String) async throws {
        try record("updateSettings(\(bundleIdentifier))", "updateSettings")
        let app = state.withLock { s -> AppRecord? in
            guard let i = s.apps.firstIndex(where: { $0.bundleIdentifier == bundleIdentifier }) else { return nil }
            s.apps[i].settings = settings
            return s.apps[i]
        }
        if let app { emit(.appChanged(app)) }
    }

    public func doNotDisturb() async -> Bool { state.withLock { $0.doNotDisturb } }

    public func setDoNotDisturb(_ isOn: Bool) async throws {
        try record("setDoNotDisturb(\(isOn))", "setDoNotDisturb")
        state.withLock { $0.doNotDisturb = isOn }
        emit(.doNotDisturbChanged(isOn))
    }

    public func focusOverview() async throws -> FocusOverview {
        try record("focusOverview", "focusOverview")
        return state.withLock { $0.focus }
    }

    /// Turning on and off takes effect (with a `.focusChanged` event); mode changes are recorded.
    public func changeFocus(_ change: FocusChange) async throws -> FocusOverview {
        try record("changeFocus(\(change))", "changeFocus")
        let overview = state.withLock { s -> FocusOverview in
            switch change {
            case .turnOn(let name, _): s.focus.active = FocusStatus(name: name, endsAt: nil, isScheduled: false)
            case .turnOff: s.focus.active = nil
            case .saveMode(let mode): s.focus.modes.append(mode)
            case .removeMode(let name): s.focus.modes.removeAll { $0.name == name }
            case .setSummaryTimes(let times): s.focus.summaryTimes = times
            }
            return s.focus
        }
        emit(.focusChanged(overview.active))
        return overview
    }

    /// Records the answer; `true` (this answer settled it).
    public func answerPrompt(promptID: Int64, allowed: Bool) async throws -> Bool {
        try record("answerPrompt(\(promptID), \(allowed))", "answerPrompt")
        return true
    }

    public func events() async -> AsyncStream<CenterEvent> {
        let (stream, continuation) = AsyncStream<CenterEvent>.makeStream()
        state.withLock { $0.subscribers.append(continuation) }
        return stream
    }
}
