import Foundation
import HeraldCore

/// The front door's calls into the engine, run in order by `SerialJobs`: registering desktop
/// apps (authorized without a prompt) and their categories, posting, closing and forgetting
/// transient notifications. Images are written (PNG) or copied into a staging folder here,
/// off the bus thread; the engine then moves them into its attachment store.
actor DesktopEngineBridge {
    /// An app keeps this many desktop categories (distinct sets of buttons), newest last.
    static let categoryLimit = 64

    private let engine: NotificationEngine
    private let connection: DesktopAppConnection
    private let stagingDirectory: URL
    private let log: @Sendable (String) -> Void
    private var connected: Set<String> = []
    /// What this bridge already told the engine, so that a steady stream of `Notify` calls costs
    /// one engine call (`add`) each: the name each app was registered under (nothing else
    /// changes a trusted app's authorization), and each app's category identifiers (only this
    /// bridge sets a desktop app's categories).
    private var registeredNames: [String: String] = [:]
    private var categoryIdentifiers: [String: Set<String>] = [:]
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

    /// Registers the app and its category, attaches the image and adds the request.
    func post(_ notification: DesktopNotification, image: ImageSource?) async throws {
        let bundle = notification.app.bundleIdentifier
        if registeredNames[bundle] != notification.app.displayName {
            try await engine.admitApp(bundleIdentifier: bundle)
            await engine.registerTrustedApp(bundleIdentifier: bundle, displayName: notification.app.displayName)
            registeredNames[bundle] = notification.app.displayName
        }
        if !connected.contains(bundle) {
            connected.insert(bundle)
            await engine.connect(connection, bundleIdentifier: bundle)
        }
        if categoryIdentifiers[bundle]?.contains(notification.category.identifier) != true {
            var categories = await engine.categories(bundleIdentifier: bundle)
            if !categories.contains(where: { $0.identifier == notification.category.identifier }) {
                categories.append(notification.category)
                let desktop = categories.filter { $0.identifier.hasPrefix(DesktopApp.prefix) }
                if desktop.count > Self.categoryLimit {
                    let drop = Set(desktop.prefix(desktop.count - Self.categoryLimit).map(\.identifier))
                    categories.removeAll { drop.contains($0.identifier) }
                }
                await engine.setCategories(categories, bundleIdentifier: bundle)
            }
            categoryIdentifiers[bundle] = Set(categories.map(\.identifier))
        }
        var request = notification.request
        if let image, let attachment = await stage(image) {
            request.content.attachments = [attachment]
        }
        try await engine.add(request, bundleIdentifier: bundle)
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
