import Foundation
import HeraldCore

/// An icon for an action button: an image from the app's assets or a system symbol name. The
/// terminal center keeps it but draws no icons. There are no public getters, as on Apple's
/// platforms.
///
/// ```swift
/// let icon = UNNotificationActionIcon(systemImageName: "checkmark.circle")
/// let accept = UNNotificationAction(identifier: "ACCEPT", title: "Accept", options: [], icon: icon)
/// ```
// unchecked: Apple's API shape: an NSObject subclass, which Swift cannot check; only `let`s.
public final class UNNotificationActionIcon: NSObject, NSCopying, @unchecked Sendable {
    let record: ActionRecord.Icon

    init(record: ActionRecord.Icon) {
        self.record = record
        super.init()
    }

    /// An image from the app's asset catalogue.
    public convenience init(templateImageName: String) {
        self.init(record: .template(templateImageName))
    }

    /// A system symbol (an SF Symbols name on Apple's platforms).
    public convenience init(systemImageName: String) {
        self.init(record: .system(systemImageName))
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    public override func isEqual(_ object: Any?) -> Bool {
        (object as? UNNotificationActionIcon)?.record == record
    }

    public override var hash: Int { record.hashValue }
}
