import Foundation
import HeraldCore
@testable import HeraldTmux

/// Records and clients for the tmux tests.
enum TmuxFixtures {
    static func record(_ title: String = "Build 1234 passed", body: String = "all 312 tests green",
                       level: UNNotificationInterruptionLevel = .active, presentation: UNNotificationPresentationOptions,
                       deliveryID: Int64 = 7, app: String = "ci") -> DeliveredRecord {
        DeliveredRecord(deliveryID: deliveryID, bundleIdentifier: app,
                        request: RequestRecord(identifier: "n", content: ContentRecord(title: title, body: body,
                                                                                        interruptionLevel: level)),
                        date: Date(timeIntervalSince1970: 1_800_000_000), presentation: presentation)
    }

    static func app(_ bundleIdentifier: String = "ci") -> AppRecord {
        var app = AppRecord(bundleIdentifier: bundleIdentifier, displayName: "CI")
        app.authorizationStatus = .authorized
        app.authorizedOptions = [.alert, .badge, .sound]
        return app
    }

    static func client(_ name: String = "/dev/pts/4", activity: Int = 100, session: String = "$0",
                       pane: String = "%1", width: Int = 120, height: Int = 40) -> TmuxScreen.Client {
        TmuxScreen.Client(name: name, activity: activity, sessionID: session, paneID: pane, width: width, height: height,
                          isControlMode: false, isReadOnly: false)
    }
}
