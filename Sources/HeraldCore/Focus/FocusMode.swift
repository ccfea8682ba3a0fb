import Foundation

/// A named kind of quiet ("Work", "Sleep"): which apps may still interrupt, whether
/// time-sensitive notifications break through, and an optional daily schedule.
///
/// D-Bus senders arrive as apps named after the sender, so `allowedApps` covers them too.
///
/// ```swift
/// var sleep = FocusMode(name: "Sleep", allowedApps: ["com.example.alarm"])
/// sleep.schedule = FocusSchedule(start: TimeOfDay(hour: 22), end: TimeOfDay(hour: 7))
/// ```
public struct FocusMode: Sendable, Hashable, Codable {
    public var name: String
    /// Bundle identifiers or display names (case does not matter) that present as usual.
    public var allowedApps: [String]
    /// Whether `.timeSensitive` notifications break through (when the app's own
    /// time-sensitive setting is on too).
    public var allowsTimeSensitive: Bool
    /// When the mode turns itself on; `nil`: only by hand.
    public var schedule: FocusSchedule?

    /// The plain do-not-disturb switch (`herald dnd on|off`) is this mode.
    public static let doNotDisturbName = "Do Not Disturb"
    /// Longest name, in characters.
    public static let nameLimit = 40
    /// Most allowed apps per mode.
    public static let allowedAppsLimit = 100

    public init(name: String, allowedApps: [String] = [], allowsTimeSensitive: Bool = true,
                schedule: FocusSchedule? = nil) {
        self.name = name
        self.allowedApps = allowedApps
        self.allowsTimeSensitive = allowsTimeSensitive
        self.schedule = schedule
    }

    /// The built-in mode: nobody allowed, time-sensitive breaks through, no schedule.
    public static var doNotDisturb: FocusMode { FocusMode(name: doNotDisturbName) }

    /// Whether the app presents as usual while this mode is on.
    public func allows(_ app: AppRecord) -> Bool {
        allowedApps.contains { allowed in
            allowed.caseInsensitiveCompare(app.bundleIdentifier) == .orderedSame
                || allowed.caseInsensitiveCompare(app.displayName) == .orderedSame
        }
    }

    /// Whether `name` names this mode (case does not matter).
    public func isNamed(_ other: String) -> Bool { name.caseInsensitiveCompare(other) == .orderedSame }

    /// Checks the name, the allowed apps and the schedule; the error names the field and the limit.
    public func validate() throws {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw FocusError.invalid(field: "name", reason: "is empty") }
        guard trimmed == name else {
            throw FocusError.invalid(field: "name", reason: "must not start or end with spaces")
        }
        guard name.count <= FocusMode.nameLimit else {
            throw FocusError.invalid(field: "name", reason: "is \(name.count) characters; the limit is \(FocusMode.nameLimit)")
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw FocusError.invalid(field: "name", reason: "must not contain control characters")
        }
        guard allowedApps.count <= FocusMode.allowedAppsLimit else {
            throw FocusError.invalid(field: "allowedApps",
                                     reason: "has \(allowedApps.count) apps; the limit is \(FocusMode.allowedAppsLimit)")
        }
        for app in allowedApps where app.isEmpty || app.count > 255
            || app.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw FocusError.invalid(field: "allowedApps",
                                     reason: "'\(app.prefix(40))' must be 1…255 characters without control characters")
        }
        try schedule?.validate()
    }
}
