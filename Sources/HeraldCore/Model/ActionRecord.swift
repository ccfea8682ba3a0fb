/// One action button of a category, as the engine stores it.
public struct ActionRecord: Sendable, Hashable, Codable {
    /// Unique across all of an app's categories; what the app gets back in the response.
    public var identifier: String
    public var title: String
    public var options: UNNotificationActionOptions
    /// Present for a text-input action (`UNTextInputNotificationAction`).
    public var textInput: TextInput?
    /// `UNNotificationActionIcon`, kept for fidelity; the terminal shows no icons.
    public var icon: Icon?

    public struct TextInput: Sendable, Hashable, Codable {
        public var buttonTitle: String
        public var placeholder: String
        public init(buttonTitle: String, placeholder: String) {
            self.buttonTitle = buttonTitle
            self.placeholder = placeholder
        }
    }

    public enum Icon: Sendable, Hashable, Codable {
        case template(String)
        case system(String)
    }

    public init(identifier: String, title: String, options: UNNotificationActionOptions = [],
                textInput: TextInput? = nil, icon: Icon? = nil) {
        self.identifier = identifier
        self.title = title
        self.options = options
        self.textInput = textInput
        self.icon = icon
    }
}
