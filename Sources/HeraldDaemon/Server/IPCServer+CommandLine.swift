import Foundation
import HeraldCore
import HeraldWire

/// `post` and `push`: the command line's requests, which take several engine steps.
extension IPCServer {
    /// Post categories (`herald.post.…`) kept per app; older ones are dropped.
    static let postCategoryLimit = 100

    /// Registers the app when first seen (authorized, no prompt), merges the post's category
    /// into the app's categories, and adds the request. Those first steps run one post at a time;
    /// a post of a known app without a category has none and goes straight to the engine.
    ///
    /// An app whose notifications are off (denied, or "Allow Notifications" off) gets
    /// `UNError.notificationsNotAllowed` and nothing is added: a script learns at once that
    /// nobody will see it (an app's own `add` keeps Apple's silence). The socket's `post`; the
    /// broker door's posts take the same steps.
    public func post(_ params: PostParams) async throws -> PostResult {
        if params.requireKnownApp == true, try await !isKnown(params.bundleIdentifier) {
            throw WireError.unknownApp(params.bundleIdentifier)
        }
        if params.category != nil || !knownApps.contains(params.bundleIdentifier) {
            try await preparePost(params)
        }
        let app = await backend.appRecord(bundleIdentifier: params.bundleIdentifier)
        guard app.canDeliver else { throw NotificationsOff.error(for: app) }
        let date = configuration.now()
        let dropped = try await backend.addReportingDropped(params.request, bundleIdentifier: params.bundleIdentifier)
        var result = PostResult(identifier: params.request.identifier, bundleIdentifier: params.bundleIdentifier, date: date)
        if dropped.contains(params.request.identifier) {
            throw WireError.protocolError(.pendingLimit, "\(params.request.identifier) was not scheduled: "
                + "\(params.bundleIdentifier) already has \(EngineConfiguration().pendingLimit) pending requests that fire "
                + "sooner, and the limit is \(EngineConfiguration().pendingLimit) per app (the latest-firing is dropped)")
        }
        if !dropped.isEmpty {
            result.dropped = dropped
            result.warning = "\(params.bundleIdentifier) is at its limit of \(EngineConfiguration().pendingLimit) pending "
                + "requests: dropped the latest-firing \(dropped.joined(separator: ", ")) to make room"
        }
        return result
    }

    /// A post's registration and category steps, in the post queue.
    private func preparePost(_ params: PostParams) async throws {
        let backend = self.backend
        try await postQueue.run {
            try await self.registerIfNew(params.bundleIdentifier)
            if let category = params.category {
                var categories = await backend.categories(bundleIdentifier: params.bundleIdentifier)
                // The same actions again (`herald post` names a category after its actions).
                if categories.contains(category) { return }
                categories.removeAll { $0.identifier == category.identifier }
                let posted = categories.filter { $0.identifier.hasPrefix(PostParams.categoryPrefix) }
                if posted.count >= IPCServer.postCategoryLimit {
                    let drop = Set(posted.prefix(posted.count - IPCServer.postCategoryLimit + 1).map(\.identifier))
                    categories.removeAll { drop.contains($0.identifier) }
                }
                categories.append(category)
                await backend.setCategories(categories, bundleIdentifier: params.bundleIdentifier)
            }
        }
    }

    /// Resolves the app (argument, device token, or the payload's `"Simulator Target Bundle"`),
    /// registers it when first seen, and hands the payload to the engine. The socket's `push`;
    /// the broker door's pushes take the same steps.
    public func push(_ params: PushParams) async throws -> PostResult {
        var bundleIdentifier = params.bundleIdentifier
        if let token = params.deviceToken?.lowercased() {
            let apps = try await backend.apps()
            guard let app = apps.first(where: { $0.deviceToken.map(DeviceToken.hex) == token }) else {
                throw APNsRejection(reason: "BadDeviceToken", explanation: "no app has the device token \(token)")
            }
            if let named = bundleIdentifier, named != app.bundleIdentifier {
                throw APNsRejection(reason: "DeviceTokenNotForTopic",
                                    explanation: "the device token belongs to \(app.bundleIdentifier), not \(named)")
            }
            bundleIdentifier = app.bundleIdentifier
        }
        let payload = Data(params.payload.utf8)
        let target = bundleIdentifier ?? IPCServer.simulatorTargetBundle(in: payload)
        if let target { try await registerIfNew(target) }
        let date = configuration.now()
        let identifier = try await backend.push(payload, bundleIdentifier: bundleIdentifier, headers: params.headers)
        return PostResult(identifier: identifier, bundleIdentifier: target ?? "", date: date)
    }

    /// Registers an app the center does not know yet as a command-line app (authorized).
    func registerIfNew(_ bundleIdentifier: String) async throws {
        if try await !isKnown(bundleIdentifier) { try await backend.registerCommandLineApp(bundleIdentifier: bundleIdentifier) }
        knownApps.insert(bundleIdentifier)
    }

    /// Whether the center has a record of the app.
    func isKnown(_ bundleIdentifier: String) async throws -> Bool {
        if knownApps.contains(bundleIdentifier) { return true }
        let known = try await backend.apps().contains { $0.bundleIdentifier == bundleIdentifier }
        if known { knownApps.insert(bundleIdentifier) }
        return known
    }

    /// The `"Simulator Target Bundle"` key of a push file, when it is a string.
    static func simulatorTargetBundle(in payload: Data) -> String? {
        (try? JSONValue.parse(payload))?.objectValue?["Simulator Target Bundle"]?.stringValue
    }
}
