/// The permission prompts waiting for an answer, kept by the engine (the one place they wait):
/// each prompt, the `requestAuthorization` calls waiting on it (several calls of one app share
/// one prompt), and the automatic prompter asked alongside the user, if any.
///
/// A value inside the engine's actor; `NotificationEngine+Prompts.swift` drives it.
///
/// ```swift
/// var broker = PromptBroker()
/// let prompt = broker.open(app: app, options: [.alert])
/// _ = broker.join(prompt.id, waiter: broker.newWaiter(), continuation)
/// let settled = broker.settle(prompt.id)   // its waiters, to resume with the answer
/// ```
struct PromptBroker {
    /// One waiting prompt.
    struct Entry {
        var prompt: PendingPrompt
        /// The `requestAuthorization` calls waiting for the answer, by waiter number.
        var waiters: [UInt64: CheckedContinuation<Bool, Never>] = [:]
        /// The engine's prompter, asked alongside the user interfaces (cancelled once settled).
        var automatic: Task<Void, Never>?
    }

    private var entries: [Int64: Entry] = [:]
    /// The prompt of each app that has one up.
    private var byApp: [String: Int64] = [:]
    private var lastPromptID: Int64 = 0
    private var lastWaiter: UInt64 = 0

    /// The prompts waiting, oldest first.
    var pending: [PendingPrompt] { entries.values.map(\.prompt).sorted { $0.id < $1.id } }

    /// How many calls wait on prompt `id`.
    func waiterCount(of id: Int64) -> Int { entries[id]?.waiters.count ?? 0 }

    /// The prompt the app has up, if any.
    func promptID(of bundleIdentifier: String) -> Int64? { byApp[bundleIdentifier] }

    /// Puts up a new prompt for `app`.
    mutating func open(app: AppRecord, options: UNAuthorizationOptions) -> PendingPrompt {
        lastPromptID += 1
        let prompt = PendingPrompt(id: lastPromptID, app: app, options: options)
        entries[prompt.id] = Entry(prompt: prompt)
        byApp[app.bundleIdentifier] = prompt.id
        return prompt
    }

    mutating func setAutomatic(_ task: Task<Void, Never>, for id: Int64) { entries[id]?.automatic = task }

    /// A number for a call about to wait (`join`).
    mutating func newWaiter() -> UInt64 {
        lastWaiter += 1
        return lastWaiter
    }

    /// Adds a waiter to prompt `id`; `false` when the prompt is settled already.
    mutating func join(_ id: Int64, waiter: UInt64, _ continuation: CheckedContinuation<Bool, Never>) -> Bool {
        guard entries[id] != nil else { return false }
        entries[id]?.waiters[waiter] = continuation
        return true
    }

    /// Removes a waiter that stopped waiting; returns its continuation and whether it was the
    /// prompt's last waiter.
    mutating func leave(_ id: Int64, waiter: UInt64) -> (CheckedContinuation<Bool, Never>, isLast: Bool)? {
        guard let continuation = entries[id]?.waiters.removeValue(forKey: waiter) else { return nil }
        return (continuation, entries[id]?.waiters.isEmpty ?? true)
    }

    /// Takes prompt `id` down; `nil` when it was settled already (or never existed).
    mutating func settle(_ id: Int64) -> Entry? {
        guard let entry = entries.removeValue(forKey: id) else { return nil }
        if byApp[entry.prompt.app.bundleIdentifier] == id { byApp[entry.prompt.app.bundleIdentifier] = nil }
        return entry
    }
}
