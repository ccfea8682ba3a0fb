/// The bound on how many apps the center keeps (`EngineConfiguration.appLimit`).
///
/// Past it, no call makes the center hold a new app: `add` (every post), `push` and
/// `requestAuthorization` refuse one with `EngineError.tooManyApps`, and the doors ask `admitApp`
/// before registering one (`herald post`, the broker, D-Bus `Notify`), so each answers with that
/// sentence. Other calls that name an unknown app (reading its record or categories, connecting,
/// registering it) see a record with the defaults that is never kept.
extension NotificationEngine {
    /// Throws `EngineError.tooManyApps` when the app is new and the center has no room for it.
    public func admitApp(bundleIdentifier: String) throws {
        try admitApp(bundleIdentifier)
    }

    func admitApp(_ bundleIdentifier: String) throws {
        guard !hasRoom(for: bundleIdentifier) else { return }
        throw EngineError.tooManyApps(bundleIdentifier: bundleIdentifier, limit: configuration.appLimit)
    }

    /// `admitApp`, then the app's record made on first contact (`ensureApp`), with one lookup of
    /// the app: what every `add` does before anything else. Returns the center's own copy of the
    /// identifier (its app record's key): the schedule and the store file the request under it,
    /// so their lookups, and the ones each delivery makes, find equal strings by reference
    /// instead of comparing them byte by byte.
    func admitAndEnsureApp(_ bundleIdentifier: String) throws -> String {
        if let key = apps.key(of: bundleIdentifier) { return key }
        try admitApp(bundleIdentifier)
        ensureApp(bundleIdentifier)
        return bundleIdentifier
    }

    /// Whether a record of the app may be kept: it is kept already, the center has room, or it
    /// is the center's own (Focus summaries).
    func hasRoom(for bundleIdentifier: String) -> Bool {
        apps.count < configuration.appLimit || apps.contains(bundleIdentifier)
            || bundleIdentifier == FocusRules.summaryBundleIdentifier
    }
}
