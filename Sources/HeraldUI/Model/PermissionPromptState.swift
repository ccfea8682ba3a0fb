import HeraldCore

/// A pending `requestAuthorization` question.
public struct PermissionPromptState: Sendable, Hashable {
    /// The id the runtime uses to resume the waiting app.
    public var id: Int
    public var app: AppRecord
    public var options: UNAuthorizationOptions
    /// `true` when "Allow" is highlighted (Enter picks the highlighted button).
    public var allowSelected: Bool = true

    public init(id: Int, app: AppRecord, options: UNAuthorizationOptions) {
        self.id = id
        self.app = app
        self.options = options
    }

    /// The options asked for, in words ("Alerts, Sounds, Badges").
    public var optionsDescription: String {
        var names: [String] = []
        if options.contains(.alert) { names.append("Alerts") }
        if options.contains(.sound) { names.append("Sounds") }
        if options.contains(.badge) { names.append("Badges") }
        if options.contains(.criticalAlert) { names.append("Critical Alerts") }
        if options.contains(.carPlay) { names.append("CarPlay") }
        if options.contains(.provisional) { names.append("Delivered Quietly") }
        if options.contains(.providesAppNotificationSettings) { names.append("In-App Settings") }
        return names.isEmpty ? "Notifications" : names.joined(separator: ", ")
    }
}
