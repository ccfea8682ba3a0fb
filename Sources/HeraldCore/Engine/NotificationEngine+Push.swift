import Foundation

extension NotificationEngine {
    /// Delivers an APNs-style payload (the `simctl push` file format).
    ///
    /// Checks, with APNs reason names (`PushError`): the payload (empty, over 4096 bytes, not a
    /// JSON object with an `aps` dictionary, wrong-typed keys), the bundle identifier (argument,
    /// else `Simulator Target Bundle`, else `MissingTopic`), the options (collapse id ≤ 64 bytes,
    /// priority, push type, expiration) and the device token when one is given.
    ///
    /// Then: a `content-available` push goes to the connected app's background handler (30 s on
    /// the clock); when the app is not connected the newest one is held until it connects. A
    /// push with nothing to show ends there. A `mutable-content` push with alert text runs the
    /// app's service extension (`serviceExtensionTimeLimit`). The result goes through the
    /// delivery pipeline with a `.push` trigger. Returns the request identifier (the collapse id,
    /// or a fresh UUID).
    public func push(_ payload: Data, bundleIdentifier: String?, options: PushOptions = PushOptions()) async throws -> String {
        commitGroup.requestsInFlight += 1
        defer { commitGroup.requestsInFlight -= 1 }
        let parsed = try PushPayload.parse(payload)
        let argument = bundleIdentifier.flatMap { $0.isEmpty ? nil : $0 }
        // The payload's identifiers (target bundle, thread, category) and the extension's in
        // NFC, as every door's (`CanonicalIdentifier`).
        guard let bundle = CanonicalIdentifier.form(argument ?? parsed.targetBundleIdentifier) else {
            throw PushError.missingTopic
        }
        try RequestLimits.validate(bundleIdentifier: bundle)
        try options.validate(for: parsed)
        try admitApp(bundle)
        ensureApp(bundle)
        if let token = options.deviceToken {
            let expected = await deviceToken(bundleIdentifier: bundle)
            let hex = expected.map { String(format: "%02x", $0) }.joined()
            guard token.lowercased() == hex else {
                throw PushError.badDeviceToken("\(token.prefix(16))… is not the device token of \(bundle)")
            }
        }
        var request = RequestRecord(identifier: options.collapseID ?? UUID().uuidString, content: parsed.content,
                                    trigger: .push).withCanonicalIdentifiers()
        let identifier = request.identifier

        if parsed.isVisible {
            if parsed.mutableContent && request.content.hasAlertText, let host = serviceExtensions[bundle] {
                request.content = await runServiceExtension(host, request: request, bundleIdentifier: bundle)
                    .withCanonicalIdentifiers()
            }
            try await deliverDurably(request, bundleIdentifier: bundle)
        } else if !parsed.contentAvailable {
            // Nothing to show and no background work: reported as delivered with no presentation.
            await deliver(request, bundleIdentifier: bundle, ownsAttachments: true)
        }
        if parsed.contentAvailable {
            if let connection = connections[bundle] {
                _ = await runBackgroundHandler(connection, userInfo: parsed.dictionary)
            } else {
                heldBackgroundPushes[bundle] = parsed.dictionary
            }
        }
        return identifier
    }

    /// Hands a background push to the app; `nil` when it has no handler or ran out of time
    /// (`backgroundPushTimeLimit` on the engine's clock).
    func runBackgroundHandler(_ connection: any AppConnection, userInfo: [String: JSONValue]) async
        -> BackgroundFetchResult? {
        let deadline = clock.now().addingTimeInterval(configuration.backgroundPushTimeLimit)
        return await withDeadline(clock: clock, deadline: deadline, seconds: 0, fallback: BackgroundFetchResult?.none) {
            await connection.didReceiveBackgroundPush(userInfo)
        }
    }

    /// Runs the service extension on a push (Apple's rules):
    /// the extension has `serviceExtensionTimeLimit` seconds on the clock to call its content
    /// handler; then `timeWillExpire()` is its last chance; after that the original content is
    /// delivered. Only the first call of the handler counts. Content without alert text is
    /// ignored (the original is delivered). Attachments the extension adds are validated and
    /// moved into the store; invalid ones are left out.
    func runServiceExtension(_ host: any ServiceExtensionHost, request: RequestRecord,
                             bundleIdentifier: String) async -> ContentRecord {
        let latch = Latch<ContentRecord>()
        let deadline = clock.now().addingTimeInterval(configuration.serviceExtensionTimeLimit)
        let clock = self.clock
        let timer = Task {
            do {
                try await clock.sleep(until: deadline)
                latch.expire()
            } catch {}
        }
        Task { await host.start(request, contentHandler: { content in latch.offer(content) }) }
        var modified = await latch.wait()
        timer.cancel()
        if modified == nil {
            await host.timeWillExpire()
            modified = latch.close()
        } else {
            latch.close()
        }
        guard var content = modified, content.hasAlertText else { return request.content }
        content.attachments = await takeValidAttachments(content.attachments, bundleIdentifier: bundleIdentifier)
        return content
    }
}
