import Foundation
import Testing
import TestSupport
import UserNotifications

extension UNTests {
    @Suite struct ContentTests {
        @Test func mutableDefaults() {
            let content = UNMutableNotificationContent()
            #expect(content.title == "" && content.subtitle == "" && content.body == "")
            #expect(content.badge == nil && content.sound == nil)
            #expect(content.attachments.isEmpty && content.userInfo.isEmpty)
            #expect(content.categoryIdentifier == "" && content.threadIdentifier == "")
            #expect(content.targetContentIdentifier == nil && content.filterCriteria == nil)
            #expect(content.interruptionLevel == .active)
            #expect(content.relevanceScore == 0)
        }

        @Test func copyAndMutableCopy() throws {
            let content = UNMutableNotificationContent()
            content.title = "Weekly Staff Meeting"
            content.badge = 0
            content.sound = .default
            content.userInfo = ["MEETING_ID": "42", "count": 3]
            let frozen = try #require(content.copy() as? UNNotificationContent)
            #expect(!(frozen is UNMutableNotificationContent))
            #expect(frozen.title == "Weekly Staff Meeting")
            #expect(frozen.badge == 0)
            content.title = "changed"
            #expect(frozen.title == "Weekly Staff Meeting")
            let same = frozen.copy() as AnyObject
            #expect(ObjectIdentifier(same) == ObjectIdentifier(frozen))
            let editable = try #require(frozen.mutableCopy() as? UNMutableNotificationContent)
            editable.body = "Tuesday"
            #expect(editable.title == "Weekly Staff Meeting" && editable.body == "Tuesday")
            #expect(frozen.body == "")
            #expect(editable.userInfo["MEETING_ID"] as? String == "42")
            #expect(editable.userInfo["count"] as? Int == 3)
        }

        @Test func equalityAndHash() {
            let a = UNMutableNotificationContent()
            a.title = "T"
            a.userInfo = ["k": 1]
            let b = UNMutableNotificationContent()
            b.title = "T"
            b.userInfo = ["k": 1]
            #expect(a.isEqual(b) && a.hash == b.hash)
            #expect(a == b)
            b.body = "x"
            #expect(!a.isEqual(b))
            let frozen = a.copy() as! UNNotificationContent
            #expect(frozen.isEqual(a))
        }

        @Test func requestCopiesContent() {
            let content = UNMutableNotificationContent()
            content.title = "before"
            let request = UNNotificationRequest(identifier: "r", content: content, trigger: nil)
            content.title = "after"
            #expect(request.content.title == "before")
            #expect(request.trigger == nil)
            #expect((request.copy() as? UNNotificationRequest)?.isEqual(request) == true)
        }

        @Test func sounds() {
            #expect(UNNotificationSound.default == UNNotificationSound.default)
            let named = UNNotificationSound(named: UNNotificationSoundName("chime.caf"))
            #expect(named != .default)
            #expect(UNNotificationSoundName(rawValue: "a") == UNNotificationSoundName("a"))
            let critical: UNNotificationSound = .defaultCriticalSound(withAudioVolume: 0.5)
            #expect(critical != .defaultCritical)
            _ = UNNotificationSound.criticalSoundNamed(UNNotificationSoundName("alarm.caf"))
            _ = UNNotificationSound.criticalSoundNamed("alarm.caf", withAudioVolume: 0.2)
            _ = UNNotificationSound.defaultRingtone
            _ = UNNotificationSound.ringtoneSoundNamed("ring.caf")
        }

        @Test func attachments() throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("un-att-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let png = directory.appendingPathComponent("jim@2x.png")
            try PNGEncoder.onePixel.write(to: png)
            let attachment = try UNNotificationAttachment(identifier: "avatar", url: png)
            #expect(attachment.identifier == "avatar" && attachment.type == "public.png")
            let generated = try UNNotificationAttachment(identifier: "", url: png, options: nil)
            #expect(!generated.identifier.isEmpty)

            #expect(throws: UNError.self) {
                try UNNotificationAttachment(identifier: "x", url: directory.appendingPathComponent("missing.png"))
            }
            let text = directory.appendingPathComponent("notes.txt")
            try Data("hi".utf8).write(to: text)
            do {
                _ = try UNNotificationAttachment(identifier: "x", url: text)
                Issue.record("expected a throw")
            } catch let error as UNError {
                #expect(error.code == .attachmentUnrecognizedType)
            }
            let hinted = try UNNotificationAttachment(identifier: "x", url: text,
                                                      options: [UNNotificationAttachmentOptionsTypeHintKey: "public.mp3"])
            #expect(hinted.type == "public.mp3")
            do {
                _ = try UNNotificationAttachment(identifier: "x", url: URL(string: "https://example.com/a.png")!)
                Issue.record("expected a throw")
            } catch let error as UNError {
                #expect(error.code == .attachmentInvalidURL)
            }
        }

        @Test func contentProvidingIsRejected() {
            final class Provider: NSObject, UNNotificationContentProviding {}
            do {
                _ = try UNNotificationContent().updating(from: Provider())
                Issue.record("expected a throw")
            } catch let error as UNError {
                #expect(error.code == .contentProvidingObjectNotAllowed)
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }
}
