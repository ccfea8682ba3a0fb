import Foundation
import HeraldPreview
import Testing
import TerminalKit
import TestSupport

/// The three formats, made by the tests themselves (a PNG by TestSupport's encoder, JPEG and
/// GIF by libturbojpeg's and giflib's encoders), drawn in every colour mode and compared with
/// golden cells.
@Suite(.skipped(because: ImageLibraries.missing(.png, .jpeg, .gif, drawing: true))) struct PreviewGoldenTests {
    static let size = 16

    /// Writes the fixture in `format` into `directory`.
    static func fixture(_ format: ImageDecoder.Format, in directory: TemporaryDirectory) throws -> String {
        let path = directory.url.appendingPathComponent("fixture.\(format.rawValue)").path
        let rgba = PreviewFixtures.quadrants(size: size)
        switch format {
        case .png:
            try PNGEncoder.encode(width: size, height: size, rgba: rgba).write(to: URL(fileURLWithPath: path))
        case .jpeg:
            try ImageDecoder.encodeJPEG(RGBAImage(width: size, height: size, pixels: rgba), quality: 100)
                .write(to: URL(fileURLWithPath: path))
        case .gif:
            try ImageDecoder.writeGIF(path: path, width: size, height: size, palette: PreviewFixtures.palette,
                                      indices: PreviewFixtures.quadrantIndices(size: size))
        }
        return path
    }

    /// Each row's characters, then each cell's `foreground/background`.
    static func golden(_ cells: Buffer) -> [String] {
        cells.lines + (0..<cells.area.height).map { y in
            (0..<cells.area.width).map { x in "\(cells[x, y].style.foreground)/\(cells[x, y].style.background)" }
                .joined(separator: " ")
        }
    }

    static let expected: [PreviewColorMode: [String]] = [
        .trueColor: ["▀▀", "#ff0000/#0000ff #00ff00/#ffffff"],
        .indexed256: ["▀▀", "color196/color21 color46/color231"],
        .indexed16: ["▀▀", "color9/color12 color10/color15"],
        .indexed8: ["▀▀", "color1/color4 color2/color7"],
        .monochrome: [" ▄", "default/default default/default"],
    ]
    /// JPEG is lossy: in true colour the flat colours come back a step off.
    static let expectedJPEGTrueColor = ["▀▀", "#fe0000/#0000fe #00ff01/#ffffff"]

    @Test(arguments: [ImageDecoder.Format.png, .jpeg, .gif], [PreviewColorMode.trueColor, .indexed256, .indexed16, .indexed8, .monochrome])
    func quadrantsInTwoCells(format: ImageDecoder.Format, mode: PreviewColorMode) throws {
        let directory = try TemporaryDirectory("herald-preview")
        defer { directory.remove() }
        let path = try Self.fixture(format, in: directory)
        let grid = try AttachmentPreviewer.render(PreviewRequest(path: path, columns: 2, rows: 4, mode: mode))
        let expected = format == .jpeg && mode == .trueColor ? Self.expectedJPEGTrueColor : Self.expected[mode]
        #expect(Self.golden(grid) == expected, "\(format) in \(mode)")
    }
}
