import Foundation
import HeraldCore

/// An action that lets the user type a reply; the delegate gets a
/// `UNTextInputNotificationResponse` with `userText`.
///
/// ```swift
/// let reply = UNTextInputNotificationAction(identifier: "REPLY", title: "Reply", options: [],
///                                           textInputButtonTitle: "Send",
///                                           textInputPlaceholder: "Message")
/// ```
///
/// It has no designated initializer of its own, so it inherits `UNNotificationAction`'s
/// initializers: `UNTextInputNotificationAction(identifier:title:options:)` makes a text-input
/// action with an empty button title and placeholder.
// unchecked: a subclass of `UNNotificationAction` restates its conformance; its `var`s are set only in `init`.
public class UNTextInputNotificationAction: UNNotificationAction, @unchecked Sendable {
    private var inputButtonTitle = ""
    private var inputPlaceholder = ""

    /// The title of the send button ("Send").
    public var textInputButtonTitle: String { inputButtonTitle }
    /// The hint shown in the empty text field.
    public var textInputPlaceholder: String { inputPlaceholder }

    public convenience init(identifier: String, title: String, options: UNNotificationActionOptions,
                            textInputButtonTitle: String, textInputPlaceholder: String) {
        self.init(identifier: identifier, title: title, options: options, icon: nil,
                  textInputButtonTitle: textInputButtonTitle, textInputPlaceholder: textInputPlaceholder)
    }

    public convenience init(identifier: String, title: String, options: UNNotificationActionOptions,
                            icon: UNNotificationActionIcon?, textInputButtonTitle: String,
                            textInputPlaceholder: String) {
        self.init(identifier: identifier, title: title, options: options, icon: icon, designated: ())
        self.inputButtonTitle = textInputButtonTitle
        self.inputPlaceholder = textInputPlaceholder
    }

    override var record: ActionRecord {
        ActionRecord(identifier: identifier, title: title, options: options,
                     textInput: ActionRecord.TextInput(buttonTitle: inputButtonTitle, placeholder: inputPlaceholder),
                     icon: icon?.record)
    }
}
