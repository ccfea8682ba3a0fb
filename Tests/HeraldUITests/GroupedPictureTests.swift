import Foundation
import HeraldCore
import HeraldPreview
import TerminalKit
import Testing
@testable import HeraldUI

/// A notification that joins the selected row's collapsed group becomes the row's face, and the
/// details show it: its picture is asked for too, rather than the details saying "…" until the
/// selection moves away and back.
@Suite struct GroupedPictureTests {
    static func invitation(_ id: Int64, path: String) -> DeliveredRecord {
        let picture = AttachmentRecord(identifier: "jim", path: path, type: "public.png", size: 1_024, fileName: "jim@2x.png")
        return Fixtures.record(id, app: "com.example.calendar", title: "Hey Jim! Weekly Staff Meeting",
                               body: "Every Tuesday at 2pm", category: "INVITE", attachments: [picture], isRead: true)
    }

    @Test func aNotificationJoiningTheSelectedGroupGetsItsPictureDrawn() throws {
        var model = AttachmentPreviewTests.model(history: [Self.invitation(1, path: "/tmp/jim-1.png")])
        let first = try #require(model.detailPreviewRequest(for: model.history[0]))
        _ = model.update(.previewRendered(first, .ready(AttachmentPreviewTests.grid)))
        #expect(model.selectedDeliveryID == 1)

        // The second invitation joins the collapsed group: the row (and the details) now show it.
        let second = Self.invitation(2, path: "/tmp/jim-2.png")
        let effects = model.update(.event(.delivered(second, replacedDeliveryID: nil)))
        _ = model.update(.key(.char("x")))   // its banner is dismissed, as in the demo ("2")
        #expect(model.selectedRow?.record.deliveryID == 2)
        let wanted = try #require(model.detailPreviewRequest(for: second))
        #expect(AttachmentPreviewTests.renders(effects).contains(wanted), "the shown notification's picture was never asked for")
        _ = model.update(.previewRendered(wanted, .ready(AttachmentPreviewTests.grid)))
        let detail = try #require(Layout(model).detail)
        let buffer = model.view()
        #expect(buffer[detail.maxX - 3, detail.y + 1].symbol == "▀")
    }
}
