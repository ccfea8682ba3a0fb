import Foundation
import HeraldCore

/// A button the user can pick on a notification. The identifier comes back in
/// `UNNotificationResponse.actionIdentifier`; keep it unique across all your categories.
///
/// ```swift
/// let accept = UNNotificationAction(identifier: "ACCEPT_ACTION", title: "Accept", options: [])
/// let decline = UNNotificationAction(identifier: "DECLINE_ACTION", title: "Decline", options: [.destructive])
/// ```
///
/// Every public initializer is `convenience` around one internal designated initializer, so
/// `UNTextInputNotificationAction` inherits them all (`UNTextInputNotificationAction(identifier:
/// title:options:)` works, as on Apple's platforms).
// unchecked: Apple's API shape: a non-final NSObject subclass, which Swift cannot check; only `let`s.
public class UNNotificationAction: NSObject, NSCopying, @unchecked Sendable {
    /// What the app gets back in the response.
    public let identifier: String
    /// The button's title.
    public let title: String
    /// How the action behaves.
    public let options: UNNotificationActionOptions
    /// The button's icon, if any.
    public let icon: UNNotificationActionIcon?

    init(identifier: String, title: String, options: UNNotificationActionOptions, icon: UNNotificationActionIcon?,
         designated: Void) {
        self.identifier = identifier
        self.title = title
        self.options = options
        self.icon = icon
        super.init()
    }

    public convenience init(identifier: String, title: String, options: UNNotificationActionOptions = []) {
        self.init(identifier: identifier, title: title, options: options, icon: nil, designated: ())
    }

    public convenience init(identifier: String, title: String, options: UNNotificationActionOptions = [],
                            icon: UNNotificationActionIcon?) {
        self.init(identifier: identifier, title: title, options: options, icon: icon, designated: ())
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationAction, type(of: other) == type(of: self) else { return false }
        return other.record == record
    }

    public override var hash: Int { record.hashValue }

    public override var description: String {
        "<\(type(of: self)): identifier: \(identifier), title: \(title), options: \(options.rawValue)>"
    }

    /// The engine's form.
    var record: ActionRecord {
        ActionRecord(identifier: identifier, title: title, options: options, textInput: nil, icon: icon?.record)
    }

    /// The app-facing action for an engine record (a text-input action when it has text input).
    static func make(_ record: ActionRecord) -> UNNotificationAction {
        let icon = record.icon.map { UNNotificationActionIcon(record: $0) }
        if let input = record.textInput {
            return UNTextInputNotificationAction(identifier: record.identifier, title: record.title,
                                                 options: record.options, icon: icon,
                                                 textInputButtonTitle: input.buttonTitle,
                                                 textInputPlaceholder: input.placeholder)
        }
        return UNNotificationAction(identifier: record.identifier, title: record.title, options: record.options,
                                    icon: icon)
    }
}
