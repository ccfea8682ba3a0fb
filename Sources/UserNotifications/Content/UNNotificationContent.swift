import Foundation
import HeraldCore

/// What a notification shows and carries (read-only). Make one with
/// `UNMutableNotificationContent`; the system hands you this class in delivered notifications.
///
/// ```swift
/// let content = UNMutableNotificationContent()
/// content.title = "Weekly Staff Meeting"
/// content.body = "Every Tuesday at 2pm"
/// let frozen = content.copy() as! UNNotificationContent
/// let editable = frozen.mutableCopy() as! UNMutableNotificationContent
/// ```
///
/// `userInfo` holds property-list values, as on Apple's platforms — `String`, numbers, `Bool`,
/// `Date`, `Data`, and arrays and dictionaries (with `String` keys) of them — and gives back what
/// went in, pending and delivered (numbers and booleans as `NSNumber`, as Apple hands them out).
/// Adding a request whose `userInfo` holds anything else stops the app with a message naming the
/// value, as Apple's framework does.
// unchecked: Apple's API shape: a non-final NSObject subclass; `fields` changes only in the mutable subclass.
public class UNNotificationContent: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    /// The stored fields; the mutable subclass writes them.
    struct Fields {
        var title = ""
        var subtitle = ""
        var body = ""
        var badge: NSNumber?
        var sound: UNNotificationSound?
        var launchImageName = ""
        var userInfo: [AnyHashable: Any] = [:]
        var attachments: [UNNotificationAttachment] = []
        var categoryIdentifier = ""
        var threadIdentifier = ""
        var targetContentIdentifier: String?
        var summaryArgument = ""
        var summaryArgumentCount = 1
        var interruptionLevel: UNNotificationInterruptionLevel = .active
        var relevanceScore: Double = 0
        var filterCriteria: String?
    }

    var fields: Fields

    /// Empty content: empty strings, no badge, no sound, `.active`.
    public override init() {
        self.fields = Fields()
        super.init()
    }

    init(fields: Fields) {
        self.fields = fields
        super.init()
    }

    /// The notification's title.
    public var title: String { fields.title }
    /// A secondary line under the title.
    public var subtitle: String { fields.subtitle }
    /// The main text.
    public var body: String { fields.body }
    /// The app badge to show: `nil` leaves it, `0` clears it, `n > 0` shows `n`.
    public var badge: NSNumber? { fields.badge }
    /// The sound to play; `nil` is silent.
    public var sound: UNNotificationSound? { fields.sound }
    /// The launch image to show when the app opens from the notification.
    public var launchImageName: String { fields.launchImageName }
    /// Custom data: what you set for local notifications, the payload for pushes.
    public var userInfo: [AnyHashable: Any] { fields.userInfo }
    /// Images, sounds or movies shown with the notification.
    public var attachments: [UNNotificationAttachment] { fields.attachments }
    /// The registered `UNNotificationCategory` whose actions the notification offers.
    public var categoryIdentifier: String { fields.categoryIdentifier }
    /// Groups notifications visually (same string, same group).
    public var threadIdentifier: String { fields.threadIdentifier }
    /// Which scene to bring forward when the notification is opened.
    public var targetContentIdentifier: String? { fields.targetContentIdentifier }
    /// Ignored since iOS 15.
    @available(*, deprecated, message: "summaryArgument is ignored")
    public var summaryArgument: String { fields.summaryArgument }
    /// Ignored since iOS 15.
    @available(*, deprecated, message: "summaryArgumentCount is ignored")
    public var summaryArgumentCount: Int { fields.summaryArgumentCount }
    /// How strongly it may interrupt (default `.active`).
    public var interruptionLevel: UNNotificationInterruptionLevel { fields.interruptionLevel }
    /// 0…1: orders the app's notifications; the highest is featured in the summary.
    public var relevanceScore: Double { fields.relevanceScore }
    /// Focus filter criteria.
    public var filterCriteria: String? { fields.filterCriteria }

    /// Builds new content from an Apple-provided object (for example an `INSendMessageIntent`).
    /// No such objects exist on Linux, so this always throws
    /// `UNError(.contentProvidingObjectNotAllowed)`.
    public func updating(from provider: any UNNotificationContentProviding) throws -> UNNotificationContent {
        throw UNError(.contentProvidingObjectNotAllowed,
                      detail: "\(type(of: provider)) is not a content-providing type this system supports")
    }

    /// Immutable content copies to itself; mutable content copies to a frozen snapshot.
    public func copy(with zone: NSZone? = nil) -> Any {
        if type(of: self) == UNNotificationContent.self { return self }
        return UNNotificationContent(fields: fields)
    }

    public func mutableCopy(with zone: NSZone? = nil) -> Any {
        UNMutableNotificationContent(fields: fields)
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationContent else { return false }
        return other === self || other.record == record
    }

    public override var hash: Int { record.hashValue }

    public override var description: String {
        "<\(type(of: self)): title: \(title.debugDescription), subtitle: \(subtitle.debugDescription), "
            + "body: \(body.debugDescription), categoryIdentifier: \(categoryIdentifier), "
            + "threadIdentifier: \(threadIdentifier), badge: \(badge.map { "\($0)" } ?? "(null)"), "
            + "sound: \(sound.map { "\($0)" } ?? "(null)"), attachments: \(attachments.count)>"
    }
}

extension UNNotificationContent {
    /// The engine's form, `userInfo` values that are not property-list values left out (for
    /// comparing and hashing).
    var record: ContentRecord {
        record(userInfo: UserInfoConversion.encodeDroppingRefused(fields.userInfo))
    }

    /// The engine's form; throws when `userInfo` holds a value that is not a property-list value.
    func checkedRecord() throws(UserInfoRefusal) -> ContentRecord {
        record(userInfo: try UserInfoConversion.encode(fields.userInfo))
    }

    private func record(userInfo: UserInfoConversion.Encoded) -> ContentRecord {
        var record = ContentRecord(title: fields.title, subtitle: fields.subtitle, body: fields.body,
                                   badge: fields.badge?.intValue, sound: fields.sound?.record,
                                   userInfo: userInfo.values,
                                   attachments: fields.attachments.map(\.record),
                                   categoryIdentifier: fields.categoryIdentifier,
                                   threadIdentifier: fields.threadIdentifier,
                                   interruptionLevel: fields.interruptionLevel)
        record.launchImageName = fields.launchImageName
        record.targetContentIdentifier = fields.targetContentIdentifier
        record.summaryArgument = fields.summaryArgument
        record.summaryArgumentCount = fields.summaryArgumentCount
        record.relevanceScore = fields.relevanceScore
        record.filterCriteria = fields.filterCriteria
        record.userInfoTypes = userInfo.types
        return record
    }

    static func fields(from record: ContentRecord) -> Fields {
        var fields = Fields()
        fields.title = record.title
        fields.subtitle = record.subtitle
        fields.body = record.body
        fields.badge = record.badge.map { NSNumber(value: $0) }
        fields.sound = record.sound.map { UNNotificationSound(record: $0) }
        fields.launchImageName = record.launchImageName
        fields.userInfo = UserInfoConversion.userInfo(from: record.userInfo, types: record.userInfoTypes)
        fields.attachments = record.attachments.map { UNNotificationAttachment(record: $0) }
        fields.categoryIdentifier = record.categoryIdentifier
        fields.threadIdentifier = record.threadIdentifier
        fields.targetContentIdentifier = record.targetContentIdentifier
        fields.summaryArgument = record.summaryArgument
        fields.summaryArgumentCount = record.summaryArgumentCount
        fields.interruptionLevel = record.interruptionLevel
        fields.relevanceScore = record.relevanceScore
        fields.filterCriteria = record.filterCriteria
        return fields
    }

    /// Immutable content made from the engine's form.
    convenience init(record: ContentRecord) {
        self.init(fields: UNNotificationContent.fields(from: record))
    }
}
