import Foundation
import HeraldCore

/// The sound a notification plays: the default sound, a named file, a critical alert sound, or
/// a ringtone. `content.sound = nil` is silent.
///
/// The center plays it through the user's sound server (a named sound from
/// `$XDG_DATA_HOME/herald/sounds/BUNDLE/`, as Apple looks in `Library/Sounds`, or the XDG sound
/// theme; the default sound when it is not found), else the terminal UI rings the bell.
///
/// ```swift
/// content.sound = .default
/// content.sound = UNNotificationSound(named: UNNotificationSoundName("chime.caf"))
/// content.sound = .defaultCriticalSound(withAudioVolume: 0.8)
/// ```
///
/// The class is `final` on Linux so the `-> Self` factories work without a public `required`
/// initializer (apps do not subclass it).
public final class UNNotificationSound: NSObject, NSCopying, Sendable {
    let record: SoundRecord

    init(record: SoundRecord) {
        self.record = record
        super.init()
    }

    /// The system's default sound.
    public class var `default`: UNNotificationSound { UNNotificationSound(record: .default) }

    /// A sound file from the app (Apple looks in `Library/Sounds`, then the bundle).
    public convenience init(named name: UNNotificationSoundName) {
        self.init(record: SoundRecord(name: name.rawValue))
    }

    /// The default critical-alert sound (needs `.criticalAlert` authorization).
    public class var defaultCritical: UNNotificationSound { UNNotificationSound(record: .defaultCritical) }

    /// The default critical-alert sound at a volume of 0…1.
    public class func defaultCriticalSound(withAudioVolume volume: Float) -> Self {
        Self(record: SoundRecord(isCritical: true, volume: clampVolume(volume)))
    }

    /// A named critical-alert sound.
    public class func criticalSoundNamed(_ name: UNNotificationSoundName) -> Self {
        Self(record: SoundRecord(name: name.rawValue, isCritical: true))
    }

    /// A named critical-alert sound at a volume of 0…1.
    public class func criticalSoundNamed(_ name: UNNotificationSoundName, withAudioVolume volume: Float) -> Self {
        Self(record: SoundRecord(name: name.rawValue, isCritical: true, volume: clampVolume(volume)))
    }

    /// The default ringtone (Apple: only for call notifications made with `updating(from:)`).
    public class var defaultRingtone: UNNotificationSound { UNNotificationSound(record: SoundRecord(isRingtone: true)) }

    /// A named ringtone.
    public class func ringtoneSoundNamed(_ name: UNNotificationSoundName) -> Self {
        Self(record: SoundRecord(name: name.rawValue, isRingtone: true))
    }

    private static func clampVolume(_ volume: Float) -> Float {
        volume.isNaN ? 1 : min(max(volume, 0), 1)
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    public override func isEqual(_ object: Any?) -> Bool {
        (object as? UNNotificationSound)?.record == record
    }

    public override var hash: Int { record.hashValue }

    public override var description: String {
        "<UNNotificationSound: name: \(record.name ?? "(default)"), critical: \(record.isCritical)>"
    }
}
