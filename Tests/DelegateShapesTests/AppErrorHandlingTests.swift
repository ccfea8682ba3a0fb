import Foundation
import Testing
import UserNotifications
import UserNotificationsTesting

extension DelegateShapes {
    /// Error handling the way app code writes it, with only `UserNotifications` imported.
    @Suite struct AppErrorHandlingTests {
        @Test func catchMatchesAnErrorCodeAsOnApple() async throws {
            _ = NotificationSimulator(now: Date(timeIntervalSince1970: 1_800_000_000))
            var caught = ""
            do {
                try await UNUserNotificationCenter.current().setBadgeCount(-1)
            } catch UNError.notificationsNotAllowed {
                caught = "notificationsNotAllowed"
            } catch UNError.badgeInputInvalid {
                caught = "badgeInputInvalid"
            } catch {
                caught = "other: \(error)"
            }
            #expect(caught == "badgeInputInvalid")
        }

        @Test func bridgesToNSErrorInTheUNErrorDomain() async throws {
            _ = NotificationSimulator(now: Date(timeIntervalSince1970: 1_800_000_000))
            do {
                try await UNUserNotificationCenter.current().setBadgeCount(-3)
                Issue.record("a negative badge count must fail")
            } catch {
                // On Linux a `catch let e as NSError` pattern does not bridge (a corelibs
                // limitation); the explicit cast does, as on Apple.
                let nsError = error as NSError
                #expect(nsError.domain == UNErrorDomain)
                #expect(nsError.code == UNError.Code.badgeInputInvalid.rawValue)
            }
        }
    }
}
