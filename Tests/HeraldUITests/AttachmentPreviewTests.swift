import Foundation
import HeraldCore
import HeraldPreview
import TerminalKit
import Testing
@testable import HeraldUI

/// Pictures of image attachments in the model and on screen: which are asked for (once), how
/// they are drawn, the banner thumbnail's options, error tiles, and `o`.
@Suite struct AttachmentPreviewTests {
    static func model(mode: PreviewColorMode = .indexed256, width: Int = 100, height: Int = 30,
                      history: [DeliveredRecord] = [Fixtures.history[0]]) -> AppModel {
        var config = Fixtures.config
        config.previewMode = mode
        var model = AppModel(width: width, height: height, now: Fixtures.now, config: config)
        _ = model.send(.appsLoaded([Fixtures.messages, Fixtures.calendar]),
                       .historyLoaded(model.historyQuery, history, total: history.count))
        return model
    }

    static func renders(_ effects: [Effect]) -> [PreviewRequest] {
        effects.compactMap { if case .renderPreview(let request) = $0 { return request } else { return nil } }
    }

    /// A 2×1 picture: a red-over-blue half block and a green full block.
    static let grid: Buffer = {
        var cells = Buffer(width: 2, height: 1)
        cells.put(Cell("▀", style: Style(foreground: .indexed(196), background: .indexed(21))), x: 0, y: 0)
        cells.put(Cell("█", style: Style(foreground: .rgb(0, 255, 0))), x: 1, y: 0)
        return cells
    }()

    @Test func noPicturesWithoutAColourMode() {
        var model = Self.model(mode: .none)
        #expect(Self.renders(model.update(.tick(Fixtures.now))).isEmpty)
        #expect(model.view().lines.joined().contains("photo.png"))
    }

    @Test func theDetailPaneAsksOnceForItsPicture() throws {
        var model = Self.model()
        let request = try #require(model.detailPreviewRequest(for: Fixtures.history[0]))
        #expect(request.path == "/tmp/photo.png")
        #expect(request.mode == .indexed256 && request.clip == nil)
        #expect(model.previews[request] == .loading)   // asked for when the history arrived
        #expect(Self.renders(model.update(.tick(Fixtures.now))).isEmpty)   // not again
        let screen = model.view().lines.joined(separator: "\n")
        #expect(screen.contains("…"))
    }

    @Test func aReadyPictureIsDrawnAsCellsAtTheRightOfTheDetails() throws {
        var model = Self.model()
        let request = try #require(model.detailPreviewRequest(for: Fixtures.history[0]))
        _ = model.update(.previewRendered(request, .ready(Self.grid)))
        let buffer = model.view()
        let detail = try #require(Layout(model).detail)
        let x = detail.maxX - 1 - 2, y = detail.y + 1
        #expect(buffer[x, y].symbol == "▀")
        #expect(buffer[x, y].style == Style(foreground: .indexed(196), background: .indexed(21)))
        #expect(buffer[x + 1, y].symbol == "█")
        #expect(buffer[x + 1, y].style.foreground == .rgb(0, 255, 0))
    }

    @Test func aBrokenImageShowsAnErrorTile() throws {
        var model = Self.model()
        let request = try #require(model.detailPreviewRequest(for: Fixtures.history[0]))
        _ = model.update(.previewRendered(request, .failed("broken image: truncated")))
        let screen = model.view().lines.joined(separator: "\n")
        #expect(screen.contains("⚠ broken image:"))
    }

    @Test func missingLibrariesLeaveTheFileNameOnly() throws {
        var model = Self.model()
        let request = try #require(model.detailPreviewRequest(for: Fixtures.history[0]))
        _ = model.update(.previewRendered(request, .unavailable))
        #expect(model.detailView(Fixtures.history[0]).picture == nil)
        #expect(model.view().lines.joined().contains("photo.png"))
        #expect(Self.renders(model.update(.tick(Fixtures.now))).isEmpty)
    }

    @Test func tooSmallForAPicture() {
        let model = Self.model(width: 50, height: 14)
        #expect(model.detailPreviewRequest(for: Fixtures.history[0]) == nil)
    }

    @Test func theBannerThumbnailFollowsTheClippingRect() throws {
        var model = Self.model(history: [])
        var photo = Fixtures.photo
        photo.thumbnailClippingRect = NormalizedRect(x: 0, y: 0, width: 1, height: 0.5)
        let record = Fixtures.record(7, attachments: [photo])
        let effects = model.update(.event(.delivered(record, replacedDeliveryID: nil)))
        let thumbnail = try #require(Self.renders(effects).first { $0.columns == Banner.thumbnailBox.columns })
        #expect(thumbnail.rows == Banner.thumbnailBox.rows)
        #expect(thumbnail.clip == photo.thumbnailClippingRect)
        _ = model.update(.previewRendered(thumbnail, .ready(Self.grid)))
        let banner = try #require(model.bannerWidget())
        let frame = banner.frame(in: Layout(model).screen)
        let buffer = model.view()
        #expect(buffer[frame.x + 2, frame.y + 1].symbol == "▀")
        #expect(buffer.lines[frame.y + 1].contains("▀█ Alice"))
    }

    @Test func aHiddenThumbnailStaysHiddenInTheBannerButNotInTheDetails() {
        var model = Self.model(history: [])
        var photo = Fixtures.photo
        photo.thumbnailHidden = true
        let record = Fixtures.record(7, attachments: [photo])
        let effects = model.update(.event(.delivered(record, replacedDeliveryID: nil)))
        #expect(!Self.renders(effects).contains { $0.columns == Banner.thumbnailBox.columns })
        #expect(model.bannerWidget()?.thumbnail == nil)
        #expect(model.detailPreviewRequest(for: record) != nil)
    }

    @Test func hiddenPreviewsHidePictures() {
        var messages = Fixtures.messages
        messages.settings.showPreviews = .never
        var model = Self.model()
        _ = model.update(.appsLoaded([messages, Fixtures.calendar]))
        #expect(model.detailPreviewRequest(for: Fixtures.history[0]) == nil)
        #expect(model.bannerThumbnailRequest(for: Fixtures.history[0]) == nil)
    }

    @Test func oOpensTheSelectedAttachment() {
        var model = Self.model()
        #expect(model.update(.key(.char("o"))) == [.openAttachment(Fixtures.photo)])
        var plain = Self.model(history: [Fixtures.record(9)])
        #expect(plain.update(.key(.char("o"))).isEmpty)
        #expect(plain.status?.text == "This notification has no attachment")
    }

    @Test func soundsShowFormatAndDuration() {
        let voice = AttachmentRecord(identifier: "voice", path: "/tmp/voice.mp3", type: "public.mp3", size: 3_276_800,
                                     fileName: "voice.mp3")
        var model = Self.model(mode: .none, history: [Fixtures.record(3, attachments: [voice])])
        #expect(model.update(.tick(Fixtures.now)).isEmpty)   // asked for once, when the history arrived
        _ = model.update(.mediaInfoRead(path: voice.path, MediaInfo(format: "MP3 audio", duration: 205)))
        #expect(model.view().lines.joined().contains("voice.mp3  MP3 audio · 3:25  3.1 MB"))
    }
}
