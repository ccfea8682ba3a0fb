import Foundation
import HeraldCore
import Testing
import TestSupport
@testable import HeraldDBus

/// Where the Desktop Notifications Specification says what a server answers, Herald answers
/// that: `CloseNotification` of an id that is not open is an error; the notification's picture
/// is `image-data`, else `image-path`, else — when no `app_icon` names the program's icon —
/// `icon_data`, and `app_icon` is never attached; an attachment keeps the name it was sent with;
/// `Properties.GetAll` answers no properties. A real private bus, the real door and engine,
/// `gdbus` and libdbus connections.
@Suite struct DesktopSpecTests {
    static let photo = BuiltProducts.packageRoot.appendingPathComponent("Assets/photo.png").path
    /// 2×2 RGBA pixels, as GVariant text for `image-data` / `icon_data`.
    static let pixels = "(2, 2, 8, true, 8, 4, [byte 255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255])"

    @Test(.requiring(DoorFixture.programs)) func closingAnIdThatIsNotOpenIsAnError() async throws {
        try await DoorFixture.with { fixture in
            let sender = try await fixture.sender()
            await #expect(throws: (any Error).self, "CloseNotification of an id never given") {
                try await sender.closeNotification(4242)
            }
            let id = try await sender.notify(app: "closer", summary: "Soon closed")
            try await sender.closeNotification(id)
            await #expect(throws: (any Error).self, "CloseNotification of an id already closed") {
                try await sender.closeNotification(id)
            }
            let unknown = try await fixture.gdbus("org.freedesktop.Notifications.CloseNotification", ["4242"])
            #expect(unknown.status != 0)
            #expect(unknown.stderr.contains("notification 4242"), "\(unknown.stderr)")
            sender.close()
        }
    }

    @Test(.requiring(DoorFixture.programs)) func propertiesGetAllAnswersNoProperties() async throws {
        try await DoorFixture.with { fixture in
            let all = try await fixture.gdbus("org.freedesktop.DBus.Properties.GetAll", ["org.freedesktop.Notifications"])
            #expect(all.status == 0, "\(all.stderr)")
            #expect(all.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "(@a{sv} {},)", "\(all.stdout)")
            let one = try await fixture.gdbus("org.freedesktop.DBus.Properties.Get", ["org.freedesktop.Notifications", "Anything"])
            #expect(one.stderr.contains("org.freedesktop.DBus.Error.UnknownProperty"), "\(one.stderr)")
        }
    }

    @Test(.requiring(DoorFixture.programs)) func imagePathOutranksIconDataAndKeepsItsName() async throws {
        try await DoorFixture.with { fixture in
            let sent = try await fixture.notify(app: "pictures", summary: "Both",
                                                hints: "{'icon_data': <\(Self.pixels)>, 'image-path': <'\(Self.photo)'>}")
            #expect(sent.id != nil, "\(sent.error)")
            let attachment = try #require(try fixture.history().first?.request.content.attachments.first)
            let photoSize = try FileManager.default.attributesOfItem(atPath: Self.photo)[.size] as? Int
            #expect(Int(attachment.size) == photoSize, "icon_data won over image-path")
            #expect(attachment.fileName == "photo.png")
        }
    }

    @Test(.requiring(DoorFixture.programs)) func imageDataIsNamedAsAnImageNotAStagingFile() async throws {
        try await DoorFixture.with { fixture in
            let sent = try await fixture.notify(app: "pictures", summary: "Pixels", hints: "{'image-data': <\(Self.pixels)>}")
            #expect(sent.id != nil, "\(sent.error)")
            let attachment = try #require(try fixture.history().first?.request.content.attachments.first)
            #expect(attachment.fileName == "image.png")
        }
    }

    /// desktop-notifier sends its logo as `app_icon` with every message: the program's icon, not
    /// a picture of each notification. `icon_data` then stays out too (the spec ranks `app_icon`
    /// above it); without an `app_icon`, `icon_data` is the picture.
    @Test(.requiring(DoorFixture.programs)) func anAppIconIsNotAnAttachment() async throws {
        try await DoorFixture.with { fixture in
            let withIcon = try await fixture.notify(app: "logo", icon: Self.photo, summary: "Plain message")
            #expect(withIcon.id != nil, "\(withIcon.error)")
            #expect(try fixture.history().first?.request.content.attachments == [])
            let iconAndData = try await fixture.notify(app: "logo", icon: Self.photo, summary: "Icon and data",
                                                       hints: "{'icon_data': <\(Self.pixels)>}")
            #expect(iconAndData.id != nil, "\(iconAndData.error)")
            #expect(try fixture.history().first?.request.content.attachments == [])
            let dataOnly = try await fixture.notify(app: "old-client", summary: "Data only", hints: "{'icon_data': <\(Self.pixels)>}")
            #expect(dataOnly.id != nil, "\(dataOnly.error)")
            #expect(try fixture.history().first?.request.content.attachments.count == 1)
        }
    }
}
