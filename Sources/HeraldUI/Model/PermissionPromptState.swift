import HeraldCore

/// A pending `requestAuthorization` question, as the modal shows it.
public struct PermissionPromptState: Sendable, Hashable {
    /// The center's prompt (its `id` goes back with the answer).
    public var prompt: PendingPrompt
    /// `true` when "Allow" is highlighted (Enter picks the highlighted button).
    public var allowSelected: Bool = true

    public init(_ prompt: PendingPrompt) { self.prompt = prompt }

    public var id: Int64 { prompt.id }
    public var app: AppRecord { prompt.app }
    public var options: UNAuthorizationOptions { prompt.options }

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
