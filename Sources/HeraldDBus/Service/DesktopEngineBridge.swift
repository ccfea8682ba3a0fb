import Foundation
import HeraldCore

/// The front door's calls into the engine, run in order by `SerialJobs`: posting (the engine's
/// `post` from `.desktop`: it registers the app, authorized without a prompt, and its category),
/// closing and forgetting transient notifications. Images are written (PNG) or copied into a
/// staging folder here, off the bus thread; the engine then moves them into its attachment store.
actor DesktopEngineBridge {
    private let engine: NotificationEngine
    private let connection: DesktopAppConnection
    private let stagingDirectory: URL
    private let log: @Sendable (String) -> Void
    private var icons = IconThemeLookup(environment: ProcessInfo.processInfo.environment)

    init(engine: NotificationEngine, connection: DesktopAppConnection, stagingDirectory: URL,
         log: @escaping @Sendable (String) -> Void) {
        self.engine = engine
        self.connection = connection
        self.stagingDirectory = stagingDirectory
        self.log = log
    }

    /// The name an attachment made from `image-data` pixels shows.
    static let pixelsFileName = "image.png"

    /// Where a notification's image comes from.
    enum ImageSource: Sendable {
        case pixels(RawImage)
        /// A path, a `file://` URI or an icon-theme name (`dialog-information`, looked up in the
        /// icon themes: `IconThemeLookup`).
        case file(String)
    }

    /// Attaches the image and posts the notification from this desktop sender. An app the user
    /// turned off is answered as any server whose rules drop a notification answers: accepted,
    /// nothing shown or kept (a sender told no may show a popup of its own instead).
    func post(_ notification: DesktopNotification, image: ImageSource?) async throws {
        var request = notification.request
        if let image, let attachment = await stage(image) {
            request.content.attachments = [attachment]
        }
        do {
            try await engine.post(request, bundleIdentifier: notification.app.bundleIdentifier, category: notification.category,
                                  from: .desktop(displayName: notification.app.displayName, connection: connection))
        } catch {
            // A staged image the engine did not take.
            for attachment in request.content.attachments { try? FileManager.default.removeItem(atPath: attachment.path) }
            if let refusal = error as? UNError, refusal.code == .notificationsNotAllowed { return }
            throw error
        }
    }

    /// Takes a notification off the screen and the list; a transient one (its history row known)
    /// leaves history too.
    func close(identifier: String, bundleIdentifier: String, forgetting deliveryID: Int64?) async {
        if let deliveryID {
            try? await engine.deleteHistory(deliveryIDs: [deliveryID])
        } else {
            await engine.removeDeliveredNotifications(identifiers: [identifier], bundleIdentifier: bundleIdentifier)
        }
    }

    /// History shows that these notifications' sender can no longer be reached.
    func senderGone(deliveryIDs: [Int64]) async {
        await engine.markSenderGone(deliveryIDs: deliveryIDs)
    }

    /// Calls `handler` (inside the engine) with the request identifier and history row of every
    /// desktop notification stored.
    func observeDeliveries(_ handler: @escaping @Sendable (String, Int64) -> Void) async {
        await engine.addObserver { event in
            guard case .delivered(let record, _) = event, record.deliveryID != 0,
                  DesktopApp.isDesktopApp(record.bundleIdentifier) else { return }
            handler(record.identifier, record.deliveryID)
        }
    }

    /// Writes pixels as a PNG, or copies a file, into the staging folder; `nil` (and a log line)
    /// when that fails or the file is not an image Herald accepts. A file is read as any file a
    /// sender names (`UntrustedFile`: a pipe or device refused without blocking, at most the
    /// image limit), off this actor and within a time limit (`FileWork`), so one sender's file
    /// never holds up the `Notify` calls after it.
    private func stage(_ image: ImageSource) async -> AttachmentRecord? {
        let stagingDirectory = self.stagingDirectory
        let resolved: ImageSource
        switch image {
        case .pixels: resolved = image
        case .file(let reference):
            guard let found = Self.fileURL(reference) ?? icons.file(named: reference) else { return nil }
            resolved = .file(found.path)
        }
        let late = UNError(.attachmentMoveIntoDataStoreFailed,
                           detail: "the image could not be read within \(UntrustedFile.readTimeLimit.formatted()) s")
        do {
            let pixelsName = Self.pixelsFileName
            return try await FileWork.run(timeLimit: UntrustedFile.readTimeLimit + 1, timeoutError: late, {
                try FileManager.default.createDirectory(at: stagingDirectory, withIntermediateDirectories: true)
                let staged: URL
                // The name the attachment shows: the file's own, or "image.png" for pixels.
                let name: String
                switch resolved {
                case .pixels(let raw):
                    name = pixelsName
                    staged = stagingDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)")
                    try raw.png().write(to: staged)
                case .file(let path):
                    name = URL(fileURLWithPath: path).lastPathComponent
                    staged = stagingDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)")
                    try UntrustedFile(opening: path).copy(to: staged.path, limit: AttachmentValidator.Kind.image.maximumSize)
                }
                do {
                    var attachment = try AttachmentValidator.validate(identifier: "image", url: staged)
                    attachment.fileName = name
                    return attachment
                } catch {
                    try? FileManager.default.removeItem(at: staged)
                    throw error
                }
            }, discardLate: { try? FileManager.default.removeItem(atPath: $0.path) })
        } catch {
            log("D-Bus: image not attached: \(error)")
            return nil
        }
    }

    /// A path or `file://` URI as a file URL (whether a file is there is for the copy to find).
    static func fileURL(_ reference: String) -> URL? {
        if reference.hasPrefix("file://") {
            guard let parsed = URL(string: reference), parsed.isFileURL else { return nil }
            return parsed
        }
        return reference.hasPrefix("/") ? URL(fileURLWithPath: reference) : nil
    }
}
