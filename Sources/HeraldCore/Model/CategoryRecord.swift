/// A category an app registered: its actions and how its notifications behave.
public struct CategoryRecord: Sendable, Hashable, Codable {
    public var identifier: String
    /// Display order is array order.
    public var actions: [ActionRecord]
    public var intentIdentifiers: [String]
    /// Replaces the body when previews are hidden; `%u` is the count in the thread.
    public var hiddenPreviewsBodyPlaceholder: String?
    /// Summary of a collapsed group; `%u` is the count, `%@` the joined summary arguments.
    public var categorySummaryFormat: String?
    public var options: UNNotificationCategoryOptions

    public init(identifier: String, actions: [ActionRecord] = [], intentIdentifiers: [String] = [],
                hiddenPreviewsBodyPlaceholder: String? = nil, categorySummaryFormat: String? = nil,
                options: UNNotificationCategoryOptions = []) {
        self.identifier = identifier
        self.actions = actions
        self.intentIdentifiers = intentIdentifiers
        self.hiddenPreviewsBodyPlaceholder = hiddenPreviewsBodyPlaceholder
        self.categorySummaryFormat = categorySummaryFormat
        self.options = options
    }

    /// The first text-input action, which the `r` key opens.
    public var textInputAction: ActionRecord? { actions.first { $0.textInput != nil } }
}
