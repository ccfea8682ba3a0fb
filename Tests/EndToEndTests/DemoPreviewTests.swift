import Foundation
import HeraldPreview
import Testing
import TestSupport

extension EndToEnd {
/// The invitation's `jim@2x.png` as a picture: a thumbnail at the left of the banner and the
/// whole image at the right of the detail pane, in the real binary (256 colours in tmux).
@Suite struct DemoPreviewTests {
    /// Block, half-block and quadrant characters: what a picture is drawn with.
    static let blocks = Set("▀▄▌▐▖▗▘▝▙▚▛▜▞▟█")

    /// Why pictures cannot be drawn here, or `nil`.
    static var picturesUnavailable: String? {
        AttachmentPreviewer.canDraw && ImageDecoder.Format.png.isAvailable ? nil : "previews need libchafa0 and libpng16-16"
    }

    /// A demo that draws pictures (a test using it is marked `.skipped(because: picturesUnavailable)`).
    static func demoWithPictures() async throws -> DemoSession {
        try await DemoSession(environment: ["NO_COLOR": ""])   // swift test sets NO_COLOR=1
    }

    @Test(.skipped(because: DemoPreviewTests.picturesUnavailable)) func theInvitationShowsItsPicture() async throws {
        let demo = try await Self.demoWithPictures()
        defer { demo.close() }
        _ = try await DemoInvitationTests.invitationBanner(demo)
        // The thumbnail sits between the banner's left border and the title.
        let screen = try await demo.waitUntil("the thumbnail") { screen in
            guard let line = DemoSession.line(in: screen, containing: "Hey Jim! Weekly Staff Meeting"),
                  let border = line.firstIndex(of: "│"), let title = line.range(of: "Hey Jim!") else { return false }
            return line[border..<title.lowerBound].contains { Self.blocks.contains($0) }
        }
        #expect(screen.contains("📎 jim@2x.png"))
        // Accepting closes the banner; the detail pane keeps the picture at the right of the text.
        await demo.send("1")
        try await demo.waitFor("Calendar: didReceive ACCEPT_INVITATION meetingId=123 userId=456")
        let details = try await demo.waitUntil("the picture in the detail pane") { screen in
            guard let line = DemoSession.line(in: screen, containing: "Calendar · 20") else { return false }
            return !screen.contains("╭─ Calendar") && line.contains { Self.blocks.contains($0) }
        }
        #expect(details.contains("─ Details"))
    }

    /// Under `NO_COLOR` there are no pictures: the file name only.
    @Test func noColorMeansNoPicture() async throws {
        let demo = try await DemoSession(environment: ["NO_COLOR": "1"])
        defer { demo.close() }
        let screen = try await DemoInvitationTests.invitationBanner(demo)
        let line = try #require(DemoSession.line(in: screen, containing: "Hey Jim! Weekly Staff Meeting"))
        #expect(line.contains("│ Hey Jim!"))
        #expect(!screen.contains { Self.blocks.contains($0) })
    }
}
}
