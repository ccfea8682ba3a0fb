import Foundation
import Testing
import UserNotifications
import UserNotificationsTesting

extension DelegateShapes {
    /// Every delegate shape bound to the right requirement, checked through the simulator: which
    /// methods ran, and what was presented.
    @Suite struct ShapeTests {
        struct Outcome {
            var presented: UNNotificationPresentationOptions
            var simulator: NotificationSimulator
        }

        /// Installs a simulator, sets `delegate`, delivers one notification at once (with a sound)
        /// and taps it.
        /// Runs in the caller's isolation, so a main-actor test's delegate never leaves the main actor.
        private func exercise(_ delegate: (any UNUserNotificationCenterDelegate)?, foreground: Bool = true,
                              tap: Bool = true, delegateTimeout: TimeInterval = 10,
                              isolation: isolated (any Actor)? = #isolation) async throws -> Outcome {
            let simulator = NotificationSimulator(now: Date(timeIntervalSince1970: 1_800_000_000),
                                                  delegateTimeout: delegateTimeout)
            simulator.isForeground = foreground
            let center = UNUserNotificationCenter.current()
            center.delegate = delegate
            _ = try await center.requestAuthorization(options: [.alert, .sound, .badge])
            let content = UNMutableNotificationContent()
            content.title = "Hello"
            content.sound = .default
            content.badge = 1
            try await center.add(UNNotificationRequest(identifier: "hello", content: content, trigger: nil))
            if tap { try await simulator.tap("hello") }
            return Outcome(presented: simulator.presentations.last?.options ?? [], simulator: simulator)
        }

        @Test func completionHandlersWithoutSendable() async throws {
            let delegate = PlainCompletionDelegate()
            let outcome = try await exercise(delegate)
            #expect(outcome.presented == [.banner, .list, .sound])
            #expect(delegate.log.all == ["willPresent/handler", "didReceive/handler \(UNNotificationDefaultActionIdentifier)"])
        }

        @Test func completionHandlersWithSendable() async throws {
            let delegate = SendableCompletionDelegate()
            let outcome = try await exercise(delegate)
            #expect(outcome.presented == [.list])
            #expect(delegate.log.all == ["willPresent/handler", "didReceive/handler \(UNNotificationDefaultActionIdentifier)"])
        }

        @Test func asyncMethods() async throws {
            let delegate = AsyncDelegate()
            let outcome = try await exercise(delegate)
            #expect(outcome.presented == [.banner])
            #expect(delegate.log.all == ["willPresent/async", "didReceive/async \(UNNotificationDefaultActionIdentifier)"])
        }

        @Test func mixedForms() async throws {
            let delegate = MixedDelegate()
            let outcome = try await exercise(delegate)
            #expect(outcome.presented == [.banner, .list])
            #expect(delegate.log.all == ["willPresent/handler", "didReceive/async \(UNNotificationDefaultActionIdentifier)"])
        }

        @Test @MainActor func nonisolatedMethodsInMainActorClass() async throws {
            let delegate = MainActorAppDelegate()
            let outcome = try await exercise(delegate)
            #expect(outcome.presented == [.banner, .list, .badge])
            #expect(outcome.simulator.badgeCount == 1)
            #expect(delegate.log.all == ["willPresent/handler", "didReceive/async \(UNNotificationDefaultActionIdentifier)"])
            #expect(delegate.badge == 1)
        }

        @Test @MainActor func isolatedConformanceInMainActorClass() async throws {
            let delegate = IsolatedConformanceDelegate()
            let outcome = try await exercise(delegate)
            #expect(outcome.presented == [.banner])
            #expect(delegate.log.all == ["willPresent/handler", "didReceive/handler"])
            #expect(delegate.taps == 1)
        }

        @Test func delegateImplementingNothingPresentsNothingInForeground() async throws {
            let delegate = EmptyDelegate()
            let outcome = try await exercise(delegate, tap: false)
            #expect(outcome.presented == [])
        }

        @Test func delegateImplementingNothingInBackgroundIsPresentedBySystem() async throws {
            let delegate = EmptyDelegate()
            let outcome = try await exercise(delegate, foreground: false)
            #expect(outcome.presented == [.banner, .list, .sound, .badge])
        }

        @Test func noDelegatePresentsWithOriginalOptions() async throws {
            let outcome = try await exercise(nil)
            #expect(outcome.presented == [.banner, .list, .sound, .badge])
        }

        @Test func willPresentOnlyInForeground() async throws {
            let delegate = PlainCompletionDelegate()
            let outcome = try await exercise(delegate, foreground: false)
            #expect(outcome.presented == [.banner, .list, .sound, .badge])
            #expect(delegate.log.all == ["didReceive/handler \(UNNotificationDefaultActionIdentifier)"])
        }

        @Test func openBaseWithOverridingSubclass() async throws {
            let delegate = SubclassDelegate()
            let outcome = try await exercise(delegate)
            #expect(outcome.presented == [.banner, .list])
            #expect(delegate.log.all == ["subclass willPresent", "base didReceive"])
        }

        @Test func conformanceInExtensionAndHandlerNeverCalled() async throws {
            let delegate = ExtensionDelegate()
            let start = Date()
            let outcome = try await exercise(delegate, delegateTimeout: 0.3)
            #expect(outcome.presented == [.list, .sound])
            #expect(delegate.log.all == ["willPresent/handler", "didReceive/handler (never completes)"])
            #expect(Date().timeIntervalSince(start) < 5)
        }

        @Test func secondHandlerCallIsIgnored() async throws {
            let delegate = DoubleCallDelegate()
            let outcome = try await exercise(delegate)
            #expect(outcome.presented == [.list])
        }

        @Test func delegateSetLaterGetsLaterResponses() async throws {
            // Tapped with no delegate: the framework completes the response itself. A delegate set
            // afterwards gets the next response (acting from history works too).
            let outcome = try await exercise(nil)
            let delegate = PlainCompletionDelegate()
            UNUserNotificationCenter.current().delegate = delegate
            try await outcome.simulator.tap("hello")
            #expect(delegate.log.all == ["didReceive/handler \(UNNotificationDefaultActionIdentifier)"])
        }
    }
}
