/// A validated attachment: a file in the center's data store.
public struct AttachmentRecord: Sendable, Hashable, Codable {
    public var identifier: String
    /// Absolute path of the file; after `add` it lives in the center's attachment store.
    public var path: String
    /// The uniform type identifier, e.g. `public.png`.
    public var type: String
    /// Size in bytes.
    public var size: Int64
    /// The file name the app gave (what the UI shows, e.g. `jim@2x.png`).
    public var fileName: String
    /// `UNNotificationAttachmentOptionsThumbnailHiddenKey`: no thumbnail in the banner (the
    /// detail view still shows the picture).
    public var thumbnailHidden: Bool
    /// `UNNotificationAttachmentOptionsThumbnailClippingRectKey`: the part of the image the
    /// banner's thumbnail shows, in 0…1 coordinates; `nil` shows all of it.
    public var thumbnailClippingRect: NormalizedRect?

    public init(identifier: String, path: String, type: String, size: Int64, fileName: String,
                thumbnailHidden: Bool = false, thumbnailClippingRect: NormalizedRect? = nil) {
        self.identifier = identifier
        self.path = path
        self.type = type
        self.size = size
        self.fileName = fileName
        self.thumbnailHidden = thumbnailHidden
        self.thumbnailClippingRect = thumbnailClippingRect
    }
}
