/// Apps authorized without a prompt: programs notifying over D-Bus (`notify-send`, browsers,
/// mail clients) and the user's own scripts (`herald post`, `herald push`).
///
/// They cannot call `requestAuthorization`, so they cannot ask for `.criticalAlert` either; yet
/// a desktop sender marks its urgent notifications (urgency 2, `notify-send -u critical`) and a
/// script says `--level critical`. So a trusted app is granted critical alerts with the rest,
/// and its Critical Alerts setting starts on: its critical notifications break through
/// do-not-disturb and every Focus, with the bell. Turning the setting off in its settings (`s`)
/// makes them count as active — held like the rest — and stays off.
///
/// ```swift
/// var app = AppRecord(bundleIdentifier: "desktop.backup")
/// app.authorizeAsTrusted()
/// FocusRules.criticalApproved(app)   // true
/// ```
extension AppRecord {
    /// What a trusted app is authorized for.
    public static let trustedOptions: UNAuthorizationOptions = [.alert, .sound, .badge, .criticalAlert]

    /// Whether the app is authorized as a trusted app is (critical alerts included).
    public var isAuthorizedAsTrusted: Bool {
        authorizationStatus == .authorized && authorizedOptions.isSuperset(of: AppRecord.trustedOptions)
    }

    /// Authorizes the app as trusted. The first time critical alerts are granted its Critical
    /// Alerts setting is turned on (earlier versions granted them to no trusted app, so the
    /// setting could not have been chosen); afterwards the user's choice stands.
    public mutating func authorizeAsTrusted() {
        if !authorizedOptions.contains(.criticalAlert) { settings.criticalAlerts = true }
        authorizationStatus = .authorized
        authorizedOptions = AppRecord.trustedOptions
    }

    /// A `herald post` app stored by an earlier version, authorized without critical alerts,
    /// with them granted (D-Bus senders get theirs on their next notification).
    func withTrustedCriticalAlerts() -> AppRecord {
        guard isCommandLineApp, authorizationStatus == .authorized, !authorizedOptions.contains(.criticalAlert) else {
            return self
        }
        var app = self
        app.authorizeAsTrusted()
        return app
    }
}
