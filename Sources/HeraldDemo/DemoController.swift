import CoreLocation
import UserNotifications
import Foundation

/// The demo: three ordinary `UserNotifications` apps (Calendar, Messages, Reminders) and the
/// `:` commands that drive them.
///
/// ```swift
/// let demo = DemoController(host: host)
/// await demo.launch()                       // delegates, categories, permission prompts
/// let reply = await demo.run("invite")      // the invitation arrives in 5 s
/// ```
@MainActor
public final class DemoController {
    public let calendar = CalendarApp()
    public let messages = MessagesApp()
    public let reminders = RemindersApp()
    private let host: any DemoHost

    /// The apps by the short names the commands use.
    public nonisolated static let appNames: [String: String] = [
        "calendar": CalendarApp.bundleIdentifier,
        "messages": MessagesApp.bundleIdentifier,
        "reminders": RemindersApp.bundleIdentifier,
    ]

    public init(host: any DemoHost) {
        self.host = host
    }

    /// What the welcome screen says to try.
    public nonisolated static let welcome = [
        "Welcome to Herald — Apple's notification flows in your terminal.",
        "Answer the three permission prompts (y / n), then try:",
        "  :invite              a meeting invitation with Accept / Decline (arrives in 5 s)",
        "  :message Anna Hi!    a message you can reply to with r",
        "  :reminder            daily, every-minute and location reminders",
        "  :push                a push through the service extension",
        "  :foreground messages  then :message — see willPresent at work",
        "  c clears a badge · / searches history · ? lists every key",
    ]

    /// Launches the three apps, as iOS would at first start: each sets its delegate, registers
    /// its categories and asks for permission (the prompts appear one after another).
    public func launch() async {
        let calendar = self.calendar, messages = self.messages, reminders = self.reminders
        await Self.asApp(CalendarApp.bundleIdentifier) { await calendar.didFinishLaunching() }
        await Self.asApp(MessagesApp.bundleIdentifier) {
            await messages.didFinishLaunching()
            await HeraldApplication.shared.setServiceExtension(PushServiceExtension())
        }
        await Self.asApp(RemindersApp.bundleIdentifier) { await reminders.didFinishLaunching() }
    }

    /// Runs `body` as the app with this bundle identifier, so `UNUserNotificationCenter.current()`
    /// is that app's center: each demo app is its own app, though all share one process.
    static func asApp<T: Sendable>(_ bundleIdentifier: String,
                                   _ body: @Sendable () async throws -> T) async rethrows -> T {
        try await HeraldApp.$bundleIdentifier.withValue(bundleIdentifier) { try await body() }
    }

    /// The commands, for `:help`.
    public nonisolated static let help = [
        "invite                    Calendar: meeting invitation in 5 s (Accept / Decline)",
        "message [from] [text]     Messages: a message (default: a random friend)",
        "reminder                  Reminders: daily 9:00, every 60 s, at the office",
        "push                      an APNs push with mutable-content via the service extension",
        "badge N                   Messages: set the app badge to N",
        "foreground APP            calendar, messages or reminders: willPresent is asked",
        "background APP            back to system presentation",
        "move LAT,LON              move the device (office: 52.5219,13.4132)",
        "lock / unlock             lock emulation (hidden previews)",
    ]

    /// Runs one `:` command. Returns the line to show in the status bar, or `nil` when the
    /// command is not the demo's (the UI handles its own, like `lock`).
    public func run(_ line: String) async -> String? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let command = words.first?.lowercased() else { return nil }
        let rest = Array(words.dropFirst())
        switch command {
        case "invite":
            let calendar = self.calendar
            await Self.asApp(CalendarApp.bundleIdentifier) { await calendar.scheduleInvitation() }
            return "Invitation scheduled: it arrives in 5 seconds"
        case "message", "msg":
            let friends = ["Anna", "Ben", "Chloé", "王芳"]
            let sender = rest.first ?? friends.randomElement()!
            let text = rest.count > 1 ? rest.dropFirst().joined(separator: " ")
                : ["Are we still on for lunch?", "Did you see the game last night?", "Can you send me the slides?",
                   "明天见！"].randomElement()!
            let messages = self.messages
            await Self.asApp(MessagesApp.bundleIdentifier) { await messages.receive(from: sender, text: text) }
            return "Message from \(sender)"
        case "reminder", "reminders":
            let reminders = self.reminders
            await Self.asApp(RemindersApp.bundleIdentifier) { await reminders.scheduleReminders() }
            return "Reminders scheduled"
        case "push":
            do {
                let id = try await host.push(Data(PushServiceExtension.samplePayload.utf8), bundleIdentifier: nil)
                return "Pushed \(id)"
            } catch {
                return "push failed: \(error)"
            }
        case "badge":
            guard let text = rest.first, let count = Int(text) else { return "usage: badge N" }
            do {
                try await Self.asApp(MessagesApp.bundleIdentifier) {
                    try await UNUserNotificationCenter.current().setBadgeCount(count)
                }
                return "Messages badge set to \(count)"
            } catch {
                return "badge failed: \(error)"
            }
        case "foreground", "background":
            guard let name = rest.first?.lowercased(), let bundle = Self.appNames[name] else {
                return "usage: \(command) calendar|messages|reminders"
            }
            let isForeground = command == "foreground"
            await Self.asApp(bundle) { await HeraldApplication.shared.setForeground(isForeground) }
            return "\(name.capitalized) is now in the \(command)"
        case "move":
            let parts = rest.joined().split(separator: ",").compactMap { Double($0) }
            guard parts.count == 2, CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: parts[0], longitude: parts[1])) else {
                return "usage: move LAT,LON (e.g. move 52.5219,13.4132)"
            }
            await host.moveDevice(latitude: parts[0], longitude: parts[1])
            return "Device moved to \(parts[0]),\(parts[1])"
        default:
            return nil
        }
    }
}
