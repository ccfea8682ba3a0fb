import Foundation
import HeraldCore

/// An image, sound or movie file shown with a notification.
///
/// The initializer checks the file now (a readable file URL, a supported type, within the size
/// limit: audio 5 MB, images 10 MB, movies 50 MB, and for PNG/JPEG/GIF the file's signature)
/// and throws a `UNError` (`attachment…` codes) otherwise. When the request is added, the center moves the file into its data store (files
/// inside the app bundle are copied), as on Apple's platforms.
///
/// ```swift
/// let url = URL(fileURLWithPath: "/tmp/jim.png")
/// let attachment = try UNNotificationAttachment(identifier: "avatar", url: url)
/// content.attachments = [attachment]
/// ```
// unchecked: Apple's API shape: an NSObject subclass, which Swift cannot check; only `let`s.
public final class UNNotificationAttachment: NSObject, NSCopying, @unchecked Sendable {
    let record: AttachmentRecord

    init(record: AttachmentRecord) {
        self.record = record
        super.init()
    }

    /// Validates a local file and makes an attachment. An empty `identifier` gets a unique one.
    /// `options` takes the `UNNotificationAttachmentOptions…Key` keys.
    public convenience init(identifier: String, url URL: URL, options: [AnyHashable: Any]? = nil) throws {
        let typeHint = options?[AnyHashable(UNNotificationAttachmentOptionsTypeHintKey)] as? String
        let hidden = (options?[AnyHashable(UNNotificationAttachmentOptionsThumbnailHiddenKey)])
            .flatMap { UserInfoConversion.json(fromValue: $0)?.intValue } ?? 0
        let clip = (options?[AnyHashable(UNNotificationAttachmentOptionsThumbnailClippingRectKey)])
            .flatMap { UserInfoConversion.json(fromValue: $0) }
            .flatMap { json -> NormalizedRect? in
                guard case .object(let dictionary) = json else { return nil }
                return NormalizedRect(dictionary: dictionary)
            }
        self.init(record: try AttachmentValidator.validate(identifier: identifier, url: URL, typeHint: typeHint,
                                                           thumbnailHidden: hidden != 0, thumbnailClippingRect: clip))
    }

    /// The attachment's identifier (unique within the notification).
    public var identifier: String { record.identifier }
    /// The file. After `add`, it is the copy in the center's data store.
    public var url: URL { URL(fileURLWithPath: record.path) }
    /// The uniform type identifier, e.g. `public.png`.
    public var type: String { record.type }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    public override func isEqual(_ object: Any?) -> Bool {
        (object as? UNNotificationAttachment)?.record == record
    }

    public override var hash: Int { record.hashValue }

    public override var description: String {
        "<UNNotificationAttachment: identifier: \(identifier), url: \(url.path), type: \(type)>"
    }
}
