/// How a denial and the "Allow Notifications" setting stay one thing, as in Apple's Settings: a
/// denied app shows the setting off, and turning it on authorizes the app.
extension AppRecord {
    /// The options a user's "Allow Notifications" grants: alerts, sounds and badges (Settings'
    /// switches for them start on).
    public static let optionsAllowedInSettings: UNAuthorizationOptions = [.alert, .sound, .badge]

    /// This record with "Allow Notifications" off when the app is denied (records saved before
    /// the rule kept it on).
    func withDenialAsSettingOff() -> AppRecord {
        guard authorizationStatus == .denied, settings.allowNotifications else { return self }
        var app = self
        app.settings.allowNotifications = false
        return app
    }

    /// A denied app whose settings now allow notifications becomes authorized.
    mutating func allowAgainIfDenied() {
        guard authorizationStatus == .denied, settings.allowNotifications else { return }
        authorizationStatus = .authorized
        authorizedOptions = AppRecord.optionsAllowedInSettings
    }
}
