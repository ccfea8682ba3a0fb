/// The file name of a notification sound (`.aiff`, `.wav` or `.caf`), Apple's extensible string
/// enum.
///
/// ```swift
/// content.sound = UNNotificationSound(named: UNNotificationSoundName("chime.caf"))
/// ```
public struct UNNotificationSoundName: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
}
