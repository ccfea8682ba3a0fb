import Foundation

/// What the engine keeps about one app, found with one lookup (`AppTable.state(for:)`): a
/// delivery reads the record and the foreground connection and moves the counts through it,
/// however the table changes meanwhile (a delegate awaited, another app made).
final class AppState {
    /// The app's record; `nil` while the center keeps none (an app it had no room for, of which
    /// only a connection or history counts are known). Set through the table, which counts it.
    fileprivate(set) var record: AppRecord?
    /// `record != nil`, kept beside it: asked without copying the record.
    fileprivate(set) var hasRecord = false
    /// The app's connection while it is both connected and in the foreground: what a delivery asks.
    var foregroundConnection: (any AppConnection)?
    /// The app's history counts, once read (`nil`: not kept; read from the store when needed).
    var counts: HistoryCounts?

    fileprivate init() {}

    /// Moves the kept counts by `unread` and `total` (neither below zero) and returns them; `nil`
    /// when none are kept.
    func moveCounts(unread: Int, total: Int) -> HistoryCounts? {
        guard var moved = counts else { return nil }
        moved.unread = max(0, moved.unread + unread)
        moved.total = max(0, moved.total + total)
        counts = moved
        return moved
    }
}

/// The engine's apps: one `AppState` per bundle identifier, holding the app's record, its
/// foreground connection and its history counts, so that a delivery hashes the app's name once
/// for all three. An app counts as kept (`count`, `keys`, `records`, `subscript`) only while it
/// has a record; a state without one carries a connection or counts of an app the center has no
/// room for.
///
/// ```swift
/// var apps = AppTable()
/// apps.setRecord(AppRecord(bundleIdentifier: "com.example.mail"))
/// let state = apps.state(for: "com.example.mail")
/// state.counts = HistoryCounts(unread: 1, total: 3)
/// apps["com.example.mail"]?.displayName   // the record
/// ```
struct AppTable {
    private var states: [String: AppState] = [:]
    /// How many apps have a record.
    private(set) var count = 0

    init() {}

    /// The app's state, made (without a record) on first use.
    mutating func state(for bundleIdentifier: String) -> AppState {
        if let state = states[bundleIdentifier] { return state }
        let state = AppState()
        states[bundleIdentifier] = state
        return state
    }

    /// The app's state if it has one; nothing is made.
    func existingState(_ bundleIdentifier: String) -> AppState? {
        states[bundleIdentifier]
    }

    /// The app's record, if the center keeps one.
    subscript(bundleIdentifier: String) -> AppRecord? {
        states[bundleIdentifier]?.record
    }

    /// Keeps `app` as its app's record (made or replaced).
    mutating func setRecord(_ app: AppRecord) {
        let state = state(for: app.bundleIdentifier)
        if !state.hasRecord { count += 1 }
        state.record = app
        state.hasRecord = true
    }

    /// Whether the center keeps a record of the app.
    func contains(_ bundleIdentifier: String) -> Bool {
        states[bundleIdentifier]?.hasRecord == true
    }

    /// The table's own copy of the identifier of a kept app (its key), found with one lookup.
    func key(of bundleIdentifier: String) -> String? {
        guard let index = states.index(forKey: bundleIdentifier), states.values[index].hasRecord else { return nil }
        return states.keys[index]
    }

    /// The identifiers of the kept apps, in no particular order.
    var keys: [String] {
        states.compactMap { $0.value.hasRecord ? $0.key : nil }
    }

    /// The kept apps' records, in no particular order.
    var records: [AppRecord] {
        states.values.compactMap(\.record)
    }

    /// The identifier of the kept app whose device token is `token` (of several, the first in
    /// byte order), found without copying any record.
    func bundleIdentifier(withDeviceToken token: Data) -> String? {
        var found: String?
        for (bundle, state) in states where state.record?.deviceToken == token {
            if found.map({ UTF8Order.precedes(bundle, $0) }) ?? true { found = bundle }
        }
        return found
    }

    /// Every app's kept counts when each kept app has them; `nil` when one does not.
    func countsOfEveryApp() -> [String: HistoryCounts]? {
        var counts: [String: HistoryCounts] = [:]
        counts.reserveCapacity(count)
        for (bundle, state) in states where state.hasRecord {
            guard let kept = state.counts else { return nil }
            counts[bundle] = kept
        }
        return counts
    }

    /// Replaces every kept count with `counts` (apps left out keep none).
    mutating func replaceCounts(with counts: [String: HistoryCounts]) {
        for state in states.values { state.counts = nil }
        for (bundle, kept) in counts { state(for: bundle).counts = kept }
    }

    /// Forgets every kept count: each is read again when next needed.
    func forgetCounts() {
        for state in states.values { state.counts = nil }
    }
}
