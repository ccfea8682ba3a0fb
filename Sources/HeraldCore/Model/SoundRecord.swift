/// A notification sound: the default sound or a named one, possibly critical.
public struct SoundRecord: Sendable, Hashable, Codable {
    /// `nil` (and no `file`) is the system's default sound.
    public var name: String?
    public var isCritical: Bool
    /// 0…1 for critical sounds.
    public var volume: Float?
    public var isRingtone: Bool
    /// A sound file by its path: a desktop notification's `sound-file` hint (played when `name`
    /// is absent or not found).
    public var file: String?

    public init(name: String? = nil, isCritical: Bool = false, volume: Float? = nil, isRingtone: Bool = false,
                file: String? = nil) {
        self.name = name
        self.isCritical = isCritical
        self.volume = volume
        self.isRingtone = isRingtone
        self.file = file
    }

    public static let `default` = SoundRecord()
    public static let defaultCritical = SoundRecord(isCritical: true)
}
