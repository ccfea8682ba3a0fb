import Foundation

/// "A post from a sender": the one way the center's doors (the socket's `post` and `push`, D-Bus
/// `Notify`, the broker's posts and pushes) hand it a notification. Every door only translates
/// its protocol; what a post means is decided here, the same for each:
///
/// 1. `requireKnownApp`: an app the center has never seen is refused (`PostRefusal.unknownApp`).
/// 2. The app is admitted (`EngineError.tooManyApps` past `EngineConfiguration.appLimit`) and
///    registered as the sender is trusted (`PostSender`): a new command-line app, or a desktop app
///    under the sender's name; a desktop sender's connection receives its users' responses.
/// 3. The post's category is merged into the app's categories: an equal one is kept as it is,
///    one with the same identifier is replaced, and of the categories the door's posts made
///    (`PostSender.categoryPrefix`) the newest `postedCategoryLimit` are kept.
/// 4. An app whose notifications are off gets `UNError.notificationsNotAllowed`, with a detail
///    that says why and how to allow them, and nothing is added.
/// 5. The request is added; the app's requests dropped over its pending limit come back in the
///    outcome, and when the dropped one is the posted request itself the post is refused
///    (`PostRefusal.pendingLimit`).
///
/// Steps 1–4 run on the engine without suspending (but for a desktop sender's first
/// connection), so a door's concurrent posts join the same commit groups as any `add`. The per-app post rate is the doors' (`PostRateLimiter`): each
/// answers it before the post reaches the engine.
extension NotificationEngine {
    /// The categories of one door's posts kept per app (`PostSender.categoryPrefix`); older
    /// ones are dropped.
    public static let postedCategoryLimit = 100

    /// Adds a notification posted through a door (see above); answered once it is durable.
    @discardableResult
    public func post(_ request: RequestRecord, bundleIdentifier: String, category: CategoryRecord? = nil,
                     requireKnownApp: Bool = false, from sender: PostSender) async throws -> PostOutcome {
        try RequestLimits.validate(bundleIdentifier: bundleIdentifier)
        if requireKnownApp, !apps.contains(bundleIdentifier) {
            throw PostRefusal.unknownApp(bundleIdentifier: bundleIdentifier)
        }
        try await register(bundleIdentifier, as: sender)
        if let category { mergePostedCategory(category, prefix: sender.categoryPrefix, bundleIdentifier: bundleIdentifier) }
        if let app = apps[bundleIdentifier], !app.canDeliver { throw Self.notificationsOff(app) }
        let dropped = try await addReportingDropped(request, bundleIdentifier: bundleIdentifier)
        if dropped.contains(request.identifier) {
            throw PostRefusal.pendingLimit(identifier: request.identifier, bundleIdentifier: bundleIdentifier,
                                           limit: configuration.pendingLimit)
        }
        guard !dropped.isEmpty else { return PostOutcome(identifier: request.identifier, bundleIdentifier: bundleIdentifier) }
        return PostOutcome(identifier: request.identifier, bundleIdentifier: bundleIdentifier, dropped: dropped,
                           warning: "\(bundleIdentifier) is at its limit of \(configuration.pendingLimit) pending requests: "
                               + "dropped the latest-firing \(dropped.joined(separator: ", ")) to make room")
    }

    /// Delivers an APNs payload pushed through a door (`push(_:bundleIdentifier:options:)`), after
    /// registering its app (the argument, else the payload's `Simulator Target Bundle`) as the
    /// sender is trusted. The outcome's app is that one (empty when there is none to name).
    @discardableResult
    public func push(_ payload: Data, bundleIdentifier: String?, options: PushOptions = PushOptions(),
                     from sender: PostSender) async throws -> PostOutcome {
        let argument = bundleIdentifier.flatMap { $0.isEmpty ? nil : $0 }
        let target = argument ?? (try? JSONValue.parse(payload))?.objectValue?[PushPayload.targetBundleKey]?.stringValue
        if let target, (try? RequestLimits.validate(bundleIdentifier: target)) != nil {
            try await register(CanonicalIdentifier.form(target), as: sender)
        }
        let identifier = try await push(payload, bundleIdentifier: argument, options: options)
        return PostOutcome(identifier: identifier, bundleIdentifier: target ?? "")
    }

    /// Admits the app and registers it as `sender` is trusted.
    private func register(_ bundleIdentifier: String, as sender: PostSender) async throws {
        try admitApp(bundleIdentifier)
        switch sender {
        case .socket, .broker:
            // Once known, an app keeps what the user made of it (denied, turned off).
            if !apps.contains(bundleIdentifier) { await registerCommandLineApp(bundleIdentifier: bundleIdentifier) }
        case .desktop(let displayName, let connection):
            await registerTrustedApp(bundleIdentifier: bundleIdentifier, displayName: displayName)
            if connections[bundleIdentifier] !== connection { await connect(connection, bundleIdentifier: bundleIdentifier) }
        }
    }

    /// Merges a posted category into the app's categories (see the type's step 3).
    private func mergePostedCategory(_ category: CategoryRecord, prefix: String, bundleIdentifier: String) {
        guard var app = apps[bundleIdentifier] else { return }
        // The same buttons again (a door names a category after its actions): nothing to write.
        if app.categories.last == category || app.categories.contains(category) { return }
        app.categories.removeAll { $0.identifier == category.identifier }
        let posted = app.categories.filter { $0.identifier.hasPrefix(prefix) }
        if posted.count >= Self.postedCategoryLimit {
            let drop = Set(posted.prefix(posted.count - Self.postedCategoryLimit + 1).map(\.identifier))
            app.categories.removeAll { drop.contains($0.identifier) }
        }
        app.categories.append(category)
        saveApp(app)
    }

    /// The error a post of an app whose notifications are off gets: Apple's
    /// `notificationsNotAllowed`, with a detail that says why and what to do.
    static func notificationsOff(_ app: AppRecord) -> UNError {
        let name = app.bundleIdentifier
        let detail: String
        switch app.authorizationStatus {
        case .notDetermined:
            detail = "\(name) has not asked for permission yet, so nothing was shown or kept; let the app ask "
                + "(requestAuthorization) and allow it, or post as another app (--new-app)"
        case .denied:
            detail = "notifications from \(name) were denied, so nothing was shown or kept; allow them with "
                + "`herald app \(name) --allow` or in the app's settings (s in herald ui)"
        default:
            detail = "notifications from \(name) are turned off, so nothing was shown or kept; allow them with "
                + "`herald app \(name) --allow` or in the app's settings (s in herald ui)"
        }
        return UNError(.notificationsNotAllowed, detail: detail)
    }
}
