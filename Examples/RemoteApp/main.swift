// remote-app-example: an ordinary Swift program using UNUserNotificationCenter, talking to the
// running herald daemon (started in the background when none runs). Its notification shows in
// `herald ui`; the user's answer comes back to its delegate.
//
//     swift run remote-app-example                  # ask permission, post, wait for the answer
//     swift run remote-app-example --post-only      # ask permission, post, exit
//     swift run remote-app-example --receive-only   # wait for an answer made while it was not running
//
// Options: --timeout SECONDS (default 120) for the wait. Exit status 0 when a response arrived
// (or the notification was posted, with --post-only), 3 on timeout, 1 when permission was denied.
import Foundation
import UserNotifications
#if canImport(Glibc)
import Glibc
#endif

/// The options on the command line.
struct Options {
    var postOnly = false
    var receiveOnly = false
    var timeout: TimeInterval = 120

    init(_ arguments: [String]) {
        postOnly = arguments.contains("--post-only")
        receiveOnly = arguments.contains("--receive-only")
        if let index = arguments.firstIndex(of: "--timeout"), index + 1 < arguments.count,
           let seconds = TimeInterval(arguments[index + 1]) {
            timeout = seconds
        }
    }
}

/// Waits (on the main actor, so the delegate can run) until `done` holds or `timeout` passes.
@MainActor func wait(_ timeout: TimeInterval, until done: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !done() && Date() < deadline { try? await Task.sleep(nanoseconds: 50_000_000) }
    return done()
}

/// The app: returns the exit status.
@MainActor func run(_ options: Options, delegate: RemoteAppDelegate) async throws -> Int32 {
    let center = UNUserNotificationCenter.current()
    center.delegate = delegate     // at launch: responses queued while the app was away arrive now
    say("app: \(HeraldApp.currentBundleIdentifier)")

    if !options.receiveOnly {
        let accept = UNNotificationAction(identifier: "ACCEPT", title: "Accept", options: [.foreground])
        let decline = UNNotificationAction(identifier: "DECLINE", title: "Decline", options: [.destructive])
        center.setNotificationCategories([
            UNNotificationCategory(identifier: "INVITE", actions: [accept, decline], intentIdentifiers: [],
                                   options: .customDismissAction),
        ])

        say("asking permission (answer the prompt in `herald ui`)")
        let granted = try await center.requestAuthorization(options: [.alert, .sound, .badge])
        say("authorization: \(granted ? "granted" : "denied")")
        guard granted else { return 1 }

        let content = UNMutableNotificationContent()
        content.title = "Weekly Staff Meeting"
        content.body = "Every Tuesday at 2pm"
        content.categoryIdentifier = "INVITE"
        content.userInfo = ["MEETING_ID": "42"]
        try await center.add(UNNotificationRequest(identifier: "remote-invite", content: content, trigger: nil))
        say("posted: remote-invite")

        if options.postOnly {
            // Stay until the center has asked how to present it (the app is in the foreground).
            _ = await wait(options.timeout) { delegate.presented.contains("remote-invite") }
            return 0
        }
    }

    let answered = await wait(options.timeout) { !delegate.responses.isEmpty }
    if !answered { say("timeout: no response") }
    return answered ? 0 : 3
}

let delegate = RemoteAppDelegate()   // the center holds its delegate weakly
exit(try await run(Options(Array(CommandLine.arguments.dropFirst())), delegate: delegate))
