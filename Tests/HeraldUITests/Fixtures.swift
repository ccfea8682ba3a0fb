import Foundation
import HeraldCore
@testable import HeraldUI

/// Sample apps, notifications and models shared by the UI tests. Times are UTC.
enum Fixtures {
    static let now = Date(timeIntervalSince1970: 1_742_220_300)   // 2025-03-17 14:05:00 UTC
    static let utc = TimeZone(identifier: "UTC")!

    /// Keys act on a banner at once (the grace after the keys move by themselves has its own tests).
    static var config: UIConfiguration {
        var config = UIConfiguration(bannerDuration: 5, timeZone: utc)
        config.bannerKeyGrace = 0
        return config
    }

    static let replyAction = ActionRecord(identifier: "REPLY", title: "Reply",
                                          textInput: .init(buttonTitle: "Send", placeholder: "Type a message"))

    static var messages: AppRecord {
        var app = AppRecord(bundleIdentifier: "com.example.messages", displayName: "Messages")
        app.badge = 3
        app.authorizationStatus = .authorized
        app.categories = [
            CategoryRecord(identifier: "MESSAGE", actions: [
                ActionRecord(identifier: "LIKE", title: "Like"),
                replyAction,
                ActionRecord(identifier: "DELETE", title: "Delete", options: [.destructive, .authenticationRequired]),
            ], hiddenPreviewsBodyPlaceholder: "%u new messages", categorySummaryFormat: "%u more messages from %@",
               options: [.hiddenPreviewsShowTitle]),
        ]
        return app
    }

    static var calendar: AppRecord {
        var app = AppRecord(bundleIdentifier: "com.example.calendar", displayName: "Calendar")
        app.authorizationStatus = .authorized
        app.categories = [
            CategoryRecord(identifier: "INVITE", actions: [
                ActionRecord(identifier: "ACCEPT", title: "Accept"),
                ActionRecord(identifier: "DECLINE", title: "Decline", options: .destructive),
                ActionRecord(identifier: "OPEN", title: "Open", options: .foreground),
            ], options: .customDismissAction),
        ]
        return app
    }

    static var alertCalendar: AppRecord {
        var app = calendar
        app.settings.alertStyle = .alert
        return app
    }

    static func record(_ id: Int64, app: String = "com.example.messages", title: String = "Alice",
                       subtitle: String = "", body: String = "Lunch at noon?", category: String = "MESSAGE",
                       thread: String = "", summary: String = "", minutesAgo: Double = 0,
                       presentation: UNNotificationPresentationOptions = [.banner, .list],
                       attachments: [AttachmentRecord] = [], userInfo: [String: JSONValue] = [:],
                       isRead: Bool = false, sound: SoundRecord? = nil) -> DeliveredRecord {
        var content = ContentRecord(title: title, subtitle: subtitle, body: body, sound: sound, userInfo: userInfo,
                                    attachments: attachments, categoryIdentifier: category, threadIdentifier: thread)
        content.summaryArgument = summary
        return DeliveredRecord(deliveryID: id, bundleIdentifier: app, request: RequestRecord(identifier: "req-\(id)", content: content),
                               date: now.addingTimeInterval(-minutesAgo * 60), presentation: presentation, isRead: isRead)
    }

    static let photo = AttachmentRecord(identifier: "photo", path: "/tmp/photo.png", type: "public.png", size: 245_760,
                                        fileName: "photo.png")

    /// A varied history, newest first.
    static var history: [DeliveredRecord] {
        [
            record(6, title: "Alice", body: "Are we still on for lunch?\nI booked a table.", thread: "alice",
                   summary: "Alice", minutesAgo: 1, attachments: [photo]),
            record(5, app: "com.example.calendar", title: "Team sync", body: "Tomorrow 10:00, room 4", category: "INVITE",
                   minutesAgo: 5, userInfo: ["MEETING_ID": "123"]),
            record(4, title: "Alice", body: "See you soon", thread: "alice", summary: "Alice", minutesAgo: 10),
            record(3, title: "Alice", body: "On my way", thread: "alice", summary: "Alice", minutesAgo: 20, isRead: true),
            record(2, title: "Bob", body: "Did you see the game? 日本", thread: "bob", summary: "Bob", minutesAgo: 30,
                   isRead: true),
            record(1, app: "com.example.calendar", title: "Dentist", body: "Reminder", category: "", thread: "dentist",
                   minutesAgo: 60 * 26,
                   isRead: true),
        ]
    }

    /// A model at 80×24 with apps and history loaded.
    static func model(width: Int = 80, height: Int = 24, apps: [AppRecord]? = nil,
                      history: [DeliveredRecord]? = nil) -> AppModel {
        var model = AppModel(width: width, height: height, now: now, config: config)
        _ = model.update(.appsLoaded(apps ?? [messages, calendar]))
        let records = history ?? Fixtures.history
        _ = model.update(.historyLoaded(model.historyQuery, records, total: records.count))
        _ = model.update(.countsLoaded(counts(of: records)))
        return model
    }

    /// The counts a center holding `records` has (what it would send).
    static func counts(of records: [DeliveredRecord]) -> [String: HistoryCounts] {
        var counts: [String: HistoryCounts] = [:]
        for r in records {
            counts[r.bundleIdentifier, default: .zero].total += 1
            if !r.isRead { counts[r.bundleIdentifier, default: .zero].unread += 1 }
        }
        return counts
    }

    /// The `.countsChanged` events of a center holding `records`, one per app.
    static func countsChanged(_ records: [DeliveredRecord]) -> [Msg] {
        counts(of: records).sorted { $0.key < $1.key }.map { .event(.countsChanged(bundleIdentifier: $0.key, counts: $0.value)) }
    }
}

extension AppModel {
    /// Sends several messages; returns all effects.
    @discardableResult
    mutating func send(_ msgs: Msg...) -> [Effect] {
        msgs.flatMap { update($0) }
    }

    /// Types each character as a key.
    @discardableResult
    mutating func type(_ text: String) -> [Effect] {
        text.flatMap { update(.key(.char($0))) }
    }
}

extension Msg {
    /// The center's `.promptRequested` event, as the UI receives it.
    static func promptRequested(id: Int64, app: AppRecord, options: UNAuthorizationOptions) -> Msg {
        .event(.promptRequested(PendingPrompt(id: id, app: app, options: options)))
    }
}
