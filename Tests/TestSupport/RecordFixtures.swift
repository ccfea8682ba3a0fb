import Foundation
import HeraldCore

/// Sample records with every field set, for round-trip tests of stores and wire formats.
///
/// ```swift
/// let app = RecordFixtures.app("com.example.calendar")
/// let record = RecordFixtures.delivered(app: app.bundleIdentifier, title: "Lunch")
/// ```
public enum RecordFixtures {
    /// A fixed date with a fractional part, so a lossy date encoding shows up.
    public static let date = Date(timeIntervalSinceReferenceDate: 765_432_109.123_456)

    /// An authorized app with two categories (one with a text-input action), custom settings,
    /// a badge and a device token.
    public static func app(_ bundleIdentifier: String = "com.example.calendar") -> AppRecord {
        var app = AppRecord(bundleIdentifier: bundleIdentifier)
        app.authorizationStatus = .authorized
        app.authorizedOptions = [.alert, .badge, .sound]
        app.settings.alertStyle = .alert
        app.settings.showPreviews = .whenAuthenticated
        app.settings.sounds = false
        app.badge = 7
        app.deviceToken = Data((0..<32).map { UInt8($0 * 7 % 256) })
        app.serviceExtensionCommand = "/usr/local/bin/mutate --flag"
        app.categories = [
            CategoryRecord(identifier: "MEETING_INVITATION",
                           actions: [ActionRecord(identifier: "ACCEPT", title: "Accept", options: [.foreground]),
                                     ActionRecord(identifier: "DECLINE", title: "Decline", options: [.destructive],
                                                  icon: .system("xmark")),
                                     ActionRecord(identifier: "REPLY", title: "Reply",
                                                  textInput: .init(buttonTitle: "Send", placeholder: "Message"))],
                           intentIdentifiers: ["INStartCallIntent"],
                           hiddenPreviewsBodyPlaceholder: "%u invitations",
                           categorySummaryFormat: "%u more from %@",
                           options: [.customDismissAction]),
            CategoryRecord(identifier: "ALARM"),
        ]
        return app
    }

    /// Content with every field set: userInfo of every JSON kind, an attachment, a sound.
    public static func content(title: String = "Team meeting", body: String = "Room 4, bring the slides",
                               attachmentPath: String? = "/tmp/herald-attachments/slide.png") -> ContentRecord {
        var content = ContentRecord(
            title: title, subtitle: "Tomorrow 10:00", body: body, badge: 3,
            sound: SoundRecord(name: "chime.caf", isCritical: true, volume: 0.75),
            userInfo: ["MEETING_ID": "123", "count": 3, "ratio": 0.5, "ok": true, "none": nil,
                       "tags": ["a", "b"], "nested": ["k": ["deep": 1]]],
            attachments: attachmentPath.map {
                [AttachmentRecord(identifier: "slide", path: $0, type: "public.png", size: 1_234,
                                  fileName: "slide@2x.png", thumbnailHidden: true)]
            } ?? [],
            categoryIdentifier: "MEETING_INVITATION", threadIdentifier: "team",
            interruptionLevel: .timeSensitive)
        content.launchImageName = "launch"
        content.userInfoTypes = ["ratio": "double", "tags": [nil, "data"]]
        content.targetContentIdentifier = "window-1"
        content.summaryArgument = "Alice"
        content.summaryArgumentCount = 2
        content.relevanceScore = 0.25
        content.filterCriteria = "work"
        return content
    }

    /// One trigger of each kind (and `nil`, deliver at once).
    public static let triggers: [TriggerRecord?] = [
        nil,
        .timeInterval(seconds: 90.5, repeats: true),
        .calendar(CalendarComponents(hour: 9, minute: 30, weekday: 2, calendarIdentifier: "gregorian",
                                     timeZoneIdentifier: "Europe/Paris"), repeats: false),
        .location(RegionRecord(identifier: "office", latitude: 48.8566, longitude: 2.3522, radius: 150,
                               notifyOnEntry: true, notifyOnExit: false), repeats: true),
        .push,
    ]

    public static func pending(app: String = "com.example.calendar", identifier: String = "req-1",
                               trigger: TriggerRecord? = .timeInterval(seconds: 60, repeats: false)) -> PendingRecord {
        PendingRecord(bundleIdentifier: app,
                      request: RequestRecord(identifier: identifier, content: content(), trigger: trigger),
                      scheduledAt: date, nextFireDate: trigger.map { _ in date.addingTimeInterval(60) })
    }

    public static func delivered(app: String = "com.example.calendar", identifier: String = "req-1",
                                 title: String = "Team meeting", subtitle: String = "Tomorrow 10:00",
                                 body: String = "Room 4, bring the slides", date: Date = RecordFixtures.date,
                                 attachmentPath: String? = nil) -> DeliveredRecord {
        var content = content(title: title, body: body, attachmentPath: attachmentPath)
        content.subtitle = subtitle
        return DeliveredRecord(bundleIdentifier: app,
                               request: RequestRecord(identifier: identifier, content: content,
                                                      trigger: .timeInterval(seconds: 60, repeats: false)),
                               date: date, presentation: [.banner, .list, .sound])
    }
}
