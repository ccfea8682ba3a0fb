/// A notification sound: the default sound or a named one, possibly critical.
public struct SoundRecord: Sendable, Hashable, Codable {
    /// `nil` is the system's default sound.
    public var name: String?
    public var isCritical: Bool
    /// 0…1 for critical sounds.
    public var volume: Float?
    public var isRingtone: Bool

    public init(name: String? = nil, isCritical: Bool = false, volume: Float? = nil, isRingtone: Bool = false) {
        self.name = name
        self.isCritical = isCritical
        self.volume = volume
        self.isRingtone = isRingtone
    }

    public static let `default` = SoundRecord()
    public static let defaultCritical = SoundRecord(isCritical: true)
}
