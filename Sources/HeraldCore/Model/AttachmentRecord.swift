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
    public var thumbnailHidden: Bool

    public init(identifier: String, path: String, type: String, size: Int64, fileName: String,
                thumbnailHidden: Bool = false) {
        self.identifier = identifier
        self.path = path
        self.type = type
        self.size = size
        self.fileName = fileName
        self.thumbnailHidden = thumbnailHidden
    }
}
