import Foundation
import HeraldCore

/// A kind of notification your app sends, with the actions it offers. Register every category at
/// once, at launch, with `UNUserNotificationCenter.setNotificationCategories(_:)` (each call
/// replaces all earlier ones).
///
/// ```swift
/// let invite = UNNotificationCategory(identifier: "MEETING_INVITATION",
///                                     actions: [accept, decline],
///                                     intentIdentifiers: [],
///                                     hiddenPreviewsBodyPlaceholder: "",
///                                     options: .customDismissAction)
/// UNUserNotificationCenter.current().setNotificationCategories([invite])
/// ```
// unchecked: Apple's API shape: an NSObject subclass, which Swift cannot check; only `let`s.
public final class UNNotificationCategory: NSObject, NSCopying, @unchecked Sendable {
    /// Matches `UNNotificationContent.categoryIdentifier`.
    public let identifier: String
    /// The actions, in display order.
    public let actions: [UNNotificationAction]
    /// Intents (SiriKit) the category relates to; kept, not used.
    public let intentIdentifiers: [String]
    /// Replaces the body when previews are hidden; `%u` is the number of notifications in the thread.
    public let hiddenPreviewsBodyPlaceholder: String
    /// The summary of a collapsed group; `%u` is the count, `%@` the joined summary arguments.
    public let categorySummaryFormat: String
    /// How the category's notifications behave.
    public let options: UNNotificationCategoryOptions

    private init(identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
                 hiddenPreviewsBodyPlaceholder: String?, categorySummaryFormat: String?,
                 options: UNNotificationCategoryOptions, designated: Void) {
        self.identifier = identifier
        self.actions = actions
        self.intentIdentifiers = intentIdentifiers
        self.hiddenPreviewsBodyPlaceholder = hiddenPreviewsBodyPlaceholder ?? ""
        self.categorySummaryFormat = categorySummaryFormat ?? ""
        self.options = options
        super.init()
    }

    public convenience init(identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
                            options: UNNotificationCategoryOptions = []) {
        self.init(identifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers,
                  hiddenPreviewsBodyPlaceholder: nil, categorySummaryFormat: nil, options: options, designated: ())
    }

    public convenience init(identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
                            hiddenPreviewsBodyPlaceholder: String, options: UNNotificationCategoryOptions = []) {
        self.init(identifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers,
                  hiddenPreviewsBodyPlaceholder: hiddenPreviewsBodyPlaceholder, categorySummaryFormat: nil,
                  options: options, designated: ())
    }

    public convenience init(identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
                            hiddenPreviewsBodyPlaceholder: String?, categorySummaryFormat: String?,
                            options: UNNotificationCategoryOptions = []) {
        self.init(identifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers,
                  hiddenPreviewsBodyPlaceholder: hiddenPreviewsBodyPlaceholder,
                  categorySummaryFormat: categorySummaryFormat, options: options, designated: ())
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    public override func isEqual(_ object: Any?) -> Bool {
        (object as? UNNotificationCategory)?.record == record
    }

    public override var hash: Int { identifier.hashValue }

    public override var description: String {
        "<UNNotificationCategory: identifier: \(identifier), actions: \(actions.map(\.identifier)), "
            + "options: \(options.rawValue)>"
    }

    /// The engine's form.
    var record: CategoryRecord {
        CategoryRecord(identifier: identifier, actions: actions.map(\.record), intentIdentifiers: intentIdentifiers,
                       hiddenPreviewsBodyPlaceholder: hiddenPreviewsBodyPlaceholder.isEmpty
                           ? nil : hiddenPreviewsBodyPlaceholder,
                       categorySummaryFormat: categorySummaryFormat.isEmpty ? nil : categorySummaryFormat,
                       options: options)
    }

    convenience init(record: CategoryRecord) {
        self.init(identifier: record.identifier, actions: record.actions.map(UNNotificationAction.make),
                  intentIdentifiers: record.intentIdentifiers,
                  hiddenPreviewsBodyPlaceholder: record.hiddenPreviewsBodyPlaceholder,
                  categorySummaryFormat: record.categorySummaryFormat, options: record.options, designated: ())
    }
}
