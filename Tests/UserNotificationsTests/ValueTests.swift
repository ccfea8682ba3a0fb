import CoreLocation
import Foundation
import Testing
import UserNotifications

extension UNTests {
    /// Raw values, constants and defaults from API.md §1–3.
    @Suite struct ValueTests {
        @Test func authorizationOptionRawValues() {
            #expect(UNAuthorizationOptions.badge.rawValue == 1)
            #expect(UNAuthorizationOptions.sound.rawValue == 2)
            #expect(UNAuthorizationOptions.alert.rawValue == 4)
            #expect(UNAuthorizationOptions.carPlay.rawValue == 8)
            #expect(UNAuthorizationOptions.criticalAlert.rawValue == 16)
            #expect(UNAuthorizationOptions.providesAppNotificationSettings.rawValue == 32)
            #expect(UNAuthorizationOptions.provisional.rawValue == 64)
            #expect(UNAuthorizationOptions(rawValue: 128).rawValue == 128)
            let none: UNAuthorizationOptions = []
            #expect(none.rawValue == 0)
        }

        @Test func actionCategoryPresentationRawValues() {
            #expect(UNNotificationActionOptions.authenticationRequired.rawValue == 1)
            #expect(UNNotificationActionOptions.destructive.rawValue == 2)
            #expect(UNNotificationActionOptions.foreground.rawValue == 4)
            #expect(UNNotificationCategoryOptions.customDismissAction.rawValue == 1)
            #expect(UNNotificationCategoryOptions.allowInCarPlay.rawValue == 2)
            #expect(UNNotificationCategoryOptions.hiddenPreviewsShowTitle.rawValue == 4)
            #expect(UNNotificationCategoryOptions.hiddenPreviewsShowSubtitle.rawValue == 8)
            #expect(UNNotificationCategoryOptions.allowAnnouncement.rawValue == 16)
            #expect(UNNotificationPresentationOptions.badge.rawValue == 1)
            #expect(UNNotificationPresentationOptions.sound.rawValue == 2)
            #expect(UNNotificationPresentationOptions.list.rawValue == 8)
            #expect(UNNotificationPresentationOptions.banner.rawValue == 16)
        }

        @Test func enumRawValues() {
            #expect(UNAuthorizationStatus.notDetermined.rawValue == 0)
            #expect(UNAuthorizationStatus.denied.rawValue == 1)
            #expect(UNAuthorizationStatus.authorized.rawValue == 2)
            #expect(UNAuthorizationStatus.provisional.rawValue == 3)
            #expect(UNAuthorizationStatus.ephemeral.rawValue == 4)
            #expect(UNNotificationSetting.notSupported.rawValue == 0)
            #expect(UNNotificationSetting.disabled.rawValue == 1)
            #expect(UNNotificationSetting.enabled.rawValue == 2)
            #expect(UNAlertStyle.none.rawValue == 0)
            #expect(UNAlertStyle.banner.rawValue == 1)
            #expect(UNAlertStyle.alert.rawValue == 2)
            #expect(UNShowPreviewsSetting.always.rawValue == 0)
            #expect(UNShowPreviewsSetting.whenAuthenticated.rawValue == 1)
            #expect(UNShowPreviewsSetting.never.rawValue == 2)
            #expect(UNNotificationInterruptionLevel.passive.rawValue == 0)
            #expect(UNNotificationInterruptionLevel.active.rawValue == 1)
            #expect(UNNotificationInterruptionLevel.timeSensitive.rawValue == 2)
            #expect(UNNotificationInterruptionLevel.critical.rawValue == 3)
            #expect(UNNotificationInterruptionLevel(rawValue: UInt(2)) == .timeSensitive)
            #expect(UIBackgroundFetchResult.newData.rawValue == 0)
            #expect(UIBackgroundFetchResult.noData.rawValue == 1)
            #expect(UIBackgroundFetchResult.failed.rawValue == 2)
        }

        @Test func errorCodes() {
            let codes: [(UNError.Code, Int)] = [
                (.notificationsNotAllowed, 1), (.attachmentInvalidURL, 100), (.attachmentUnrecognizedType, 101),
                (.attachmentInvalidFileSize, 102), (.attachmentNotInDataStore, 103),
                (.attachmentMoveIntoDataStoreFailed, 104), (.attachmentCorrupt, 105),
                (.notificationInvalidNoDate, 1400), (.notificationInvalidNoContent, 1401),
                (.contentProvidingObjectNotAllowed, 1500), (.contentProvidingInvalid, 1501),
                (.badgeInputInvalid, 1600),
            ]
            for (code, value) in codes { #expect(code.rawValue == value) }
            let error = UNError(.badgeInputInvalid)
            #expect((error as NSError).domain == UNErrorDomain)
            #expect((error as NSError).code == 1600)
            #expect(UNErrorDomain == "UNErrorDomain")
        }

        @Test func constants() {
            #expect(UNNotificationDefaultActionIdentifier == "com.apple.UNNotificationDefaultActionIdentifier")
            #expect(UNNotificationDismissActionIdentifier == "com.apple.UNNotificationDismissActionIdentifier")
            #expect(UNNotificationAttachmentOptionsTypeHintKey == "UNNotificationAttachmentOptionsTypeHintKey")
            #expect(UNNotificationAttachmentOptionsThumbnailHiddenKey == "UNNotificationAttachmentOptionsThumbnailHiddenKey")
            #expect(!UNNotificationAttachmentOptionsThumbnailClippingRectKey.isEmpty)
            #expect(!UNNotificationAttachmentOptionsThumbnailTimeKey.isEmpty)
        }

        @Test func localizedUserNotificationString() {
            #expect(NSString.localizedUserNotificationString(forKey: "Hello %@!", arguments: ["Jim"]) == "Hello Jim!")
            #expect(NSString.localizedUserNotificationString(forKey: "%d new from %@", arguments: [3, "Ann"])
                    == "3 new from Ann")
            #expect(NSString.localizedUserNotificationString(forKey: "%2$@ then %1$@", arguments: ["a", "b"]) == "b then a")
            #expect(NSString.localizedUserNotificationString(forKey: "100%% %@", arguments: [42]) == "100% 42")
            #expect(NSString.localizedUserNotificationString(forKey: "plain", arguments: nil) == "plain")
            #expect(NSString.localizedUserNotificationString(forKey: "%@ and %@", arguments: ["one"]) == "one and %@")
        }
    }
}
