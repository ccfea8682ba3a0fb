import Foundation
import Testing
import UserNotifications

extension UNTests {
    @Suite struct ActionCategoryTests {
        @Test func actionInitializers() {
            let plain = UNNotificationAction(identifier: "A", title: "Accept")
            #expect(plain.options == [] && plain.icon == nil)
            let icon = UNNotificationActionIcon(systemImageName: "checkmark")
            let withIcon = UNNotificationAction(identifier: "B", title: "B", options: [.destructive], icon: icon)
            #expect(withIcon.icon == icon)
            #expect(UNNotificationActionIcon(templateImageName: "x") != UNNotificationActionIcon(systemImageName: "x"))
        }

        @Test func textInputInitializers() {
            let inherited = UNTextInputNotificationAction(identifier: "REPLY", title: "Reply", options: [])
            #expect(inherited.identifier == "REPLY")
            #expect(inherited.textInputButtonTitle == "" && inherited.textInputPlaceholder == "")
            let full = UNTextInputNotificationAction(identifier: "R", title: "Reply", options: [.foreground],
                                                     textInputButtonTitle: "Send", textInputPlaceholder: "Message")
            #expect(full.textInputButtonTitle == "Send" && full.textInputPlaceholder == "Message")
            let iconned = UNTextInputNotificationAction(identifier: "R", title: "Reply", options: [], icon: nil,
                                                        textInputButtonTitle: "Go", textInputPlaceholder: "…")
            #expect(iconned.textInputButtonTitle == "Go")
            let asAction: UNNotificationAction = full
            #expect(asAction is UNTextInputNotificationAction)
            #expect(!full.isEqual(UNNotificationAction(identifier: "R", title: "Reply", options: [.foreground])))
        }

        @Test func categoryInitializers() {
            let accept = UNNotificationAction(identifier: "ACCEPT_ACTION", title: "Accept", options: [])
            let a = UNNotificationCategory(identifier: "C", actions: [accept], intentIdentifiers: [])
            #expect(a.options == [] && a.hiddenPreviewsBodyPlaceholder == "" && a.categorySummaryFormat == "")
            let b = UNNotificationCategory(identifier: "C", actions: [accept], intentIdentifiers: [],
                                           hiddenPreviewsBodyPlaceholder: "%u messages", options: .customDismissAction)
            #expect(b.hiddenPreviewsBodyPlaceholder == "%u messages" && b.options == .customDismissAction)
            let c = UNNotificationCategory(identifier: "C", actions: [], intentIdentifiers: ["i"],
                                           hiddenPreviewsBodyPlaceholder: nil, categorySummaryFormat: "%u from %@")
            #expect(c.categorySummaryFormat == "%u from %@" && c.intentIdentifiers == ["i"])
            #expect(Set([a, a.copy() as! UNNotificationCategory]).count == 1)
        }
    }
}
