import Foundation

/// Content you build for a notification request: every property of `UNNotificationContent`,
/// writable.
///
/// ```swift
/// let content = UNMutableNotificationContent()
/// content.title = "Weekly Staff Meeting"
/// content.body = "Every Tuesday at 2pm"
/// content.sound = .default
/// content.badge = 1
/// content.userInfo = ["MEETING_ID": "42"]
/// content.categoryIdentifier = "MEETING_INVITATION"
/// ```
// unchecked: restates `UNNotificationContent`'s (a subclass must); mutable, as Apple's: the app orders its writes.
public class UNMutableNotificationContent: UNNotificationContent, @unchecked Sendable {
    /// The notification's title.
    public override var title: String {
        get { fields.title }
        set { fields.title = newValue }
    }

    /// A secondary line under the title.
    public override var subtitle: String {
        get { fields.subtitle }
        set { fields.subtitle = newValue }
    }

    /// The main text.
    public override var body: String {
        get { fields.body }
        set { fields.body = newValue }
    }

    /// The app badge: `nil` leaves it, `0` clears it, `n > 0` shows `n`.
    public override var badge: NSNumber? {
        get { fields.badge }
        set { fields.badge = newValue }
    }

    /// The sound to play; `nil` is silent.
    public override var sound: UNNotificationSound? {
        get { fields.sound }
        set { fields.sound = newValue }
    }

    /// The launch image to show when the app opens.
    public override var launchImageName: String {
        get { fields.launchImageName }
        set { fields.launchImageName = newValue }
    }

    /// Custom data: property-list values (see `UNNotificationContent`), kept in the form the
    /// center gives them back in (numbers as `NSNumber`), as Apple's setter copies them.
    public override var userInfo: [AnyHashable: Any] {
        get { fields.userInfo }
        set { fields.userInfo = UserInfoConversion.bridged(newValue) }
    }

    /// Images, sounds or movies shown with the notification.
    public override var attachments: [UNNotificationAttachment] {
        get { fields.attachments }
        set { fields.attachments = newValue }
    }

    /// The registered category whose actions the notification offers.
    public override var categoryIdentifier: String {
        get { fields.categoryIdentifier }
        set { fields.categoryIdentifier = newValue }
    }

    /// Groups notifications visually.
    public override var threadIdentifier: String {
        get { fields.threadIdentifier }
        set { fields.threadIdentifier = newValue }
    }

    /// Which scene to bring forward when the notification is opened.
    public override var targetContentIdentifier: String? {
        get { fields.targetContentIdentifier }
        set { fields.targetContentIdentifier = newValue }
    }

    /// Ignored since iOS 15.
    @available(*, deprecated, message: "summaryArgument is ignored")
    public override var summaryArgument: String {
        get { fields.summaryArgument }
        set { fields.summaryArgument = newValue }
    }

    /// Ignored since iOS 15.
    @available(*, deprecated, message: "summaryArgumentCount is ignored")
    public override var summaryArgumentCount: Int {
        get { fields.summaryArgumentCount }
        set { fields.summaryArgumentCount = newValue }
    }

    /// How strongly it may interrupt (default `.active`).
    public override var interruptionLevel: UNNotificationInterruptionLevel {
        get { fields.interruptionLevel }
        set { fields.interruptionLevel = newValue }
    }

    /// 0…1: orders the app's notifications.
    public override var relevanceScore: Double {
        get { fields.relevanceScore }
        set { fields.relevanceScore = newValue }
    }

    /// Focus filter criteria.
    public override var filterCriteria: String? {
        get { fields.filterCriteria }
        set { fields.filterCriteria = newValue }
    }
}
