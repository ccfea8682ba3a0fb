import Foundation
import HeraldCore

/// A notification to schedule: an identifier, the content and an optional trigger (`nil`
/// delivers at once). Adding a request whose identifier is already pending replaces it.
///
/// ```swift
/// let request = UNNotificationRequest(identifier: UUID().uuidString, content: content, trigger: trigger)
/// try await UNUserNotificationCenter.current().add(request)
/// ```
// unchecked: Apple's API shape: an NSObject subclass, which Swift cannot check; only `let`s.
public final class UNNotificationRequest: NSObject, NSCopying, @unchecked Sendable {
    /// Unique per app; for pushes, the `apns-collapse-id` (or a generated one).
    public let identifier: String
    private let storedContent: UNNotificationContent
    /// The content (an immutable copy of what was given).
    public var content: UNNotificationContent { storedContent }
    /// What makes it fire; `nil` means at once.
    public let trigger: UNNotificationTrigger?

    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = identifier
        self.storedContent = content.copy() as? UNNotificationContent ?? content
        self.trigger = trigger
        super.init()
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationRequest else { return false }
        return other === self || other.record == record
    }

    public override var hash: Int { identifier.hashValue }

    public override var description: String {
        "<UNNotificationRequest: identifier: \(identifier), content: \(content), trigger: \(trigger.map { "\($0)" } ?? "(null)")>"
    }

    /// The engine's form (for comparing: `userInfo` values that are not property-list values left out).
    var record: RequestRecord {
        RequestRecord(identifier: identifier, content: storedContent.record, trigger: trigger?.record)
    }

    /// The engine's form of a request being added. A `userInfo` value that is not a property-list
    /// value stops the app, as Apple's framework raises `NSInvalidArgumentException` there.
    var recordToAdd: RequestRecord {
        do {
            return RequestRecord(identifier: identifier, content: try storedContent.checkedRecord(),
                                 trigger: trigger?.record)
        } catch {
            fatalError("UNUserNotificationCenter.add: request \(String(reflecting: identifier)): \(error)")
        }
    }

    convenience init(record: RequestRecord) {
        self.init(identifier: record.identifier, content: UNNotificationContent(record: record.content),
                  trigger: record.trigger.map(UNNotificationTrigger.make))
    }
}
