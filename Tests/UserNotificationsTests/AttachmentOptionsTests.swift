import Foundation
import HeraldCore
import Testing
import TestSupport
@testable import UserNotifications

/// Apple's thumbnail options reach the attachment record the center stores (and the UI reads).
@Suite struct AttachmentOptionsTests {
    func pngFile() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("herald-options-\(UUID().uuidString).png")
        try PNGEncoder.onePixel.write(to: url)
        return url
    }

    @Test func clippingRectAndHiddenThumbnailAreCarried() throws {
        let url = try pngFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let attachment = try UNNotificationAttachment(identifier: "a", url: url, options: [
            UNNotificationAttachmentOptionsThumbnailHiddenKey: true,
            UNNotificationAttachmentOptionsThumbnailClippingRectKey: ["X": 0.25, "Y": 0, "Width": 0.5, "Height": 0.5],
        ])
        #expect(attachment.record.thumbnailHidden)
        #expect(attachment.record.thumbnailClippingRect == NormalizedRect(x: 0.25, y: 0, width: 0.5, height: 0.5))
    }

    @Test func aMalformedClippingRectIsIgnored() throws {
        let url = try pngFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let attachment = try UNNotificationAttachment(identifier: "a", url: url, options: [
            UNNotificationAttachmentOptionsThumbnailClippingRectKey: ["X": 0.5, "Y": 0, "Width": 0.75, "Height": 1],
        ])
        #expect(attachment.record.thumbnailClippingRect == nil)
        #expect(!attachment.record.thumbnailHidden)
    }
}
