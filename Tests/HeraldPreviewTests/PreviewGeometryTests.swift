import HeraldCore
import HeraldPreview
import Testing

/// Fitting a picture in a box of cells, clipping (Apple's thumbnail rect) and the colour mode.
@Suite struct PreviewGeometryTests {
    @Test func fitKeepsTheAspectWithTallCells() {
        #expect(PreviewFit.cells(imageWidth: 200, imageHeight: 100, maxColumns: 40, maxRows: 20) == (40, 10))
        #expect(PreviewFit.cells(imageWidth: 240, imageHeight: 240, maxColumns: 40, maxRows: 8) == (16, 8))
        #expect(PreviewFit.cells(imageWidth: 1, imageHeight: 1000, maxColumns: 40, maxRows: 8) == (1, 8))
        #expect(PreviewFit.cells(imageWidth: 0, imageHeight: 10, maxColumns: 40, maxRows: 8) == (0, 0))
    }

    @Test func clippingTakesTheNormalisedPart() {
        let pixels = (0..<16).flatMap { (i: Int) -> [UInt8] in [UInt8(i), 0, 0, 255] }
        let image = RGBAImage(width: 4, height: 4, pixels: pixels)
        let top = image.clipped(to: NormalizedRect(x: 0, y: 0, width: 1, height: 0.5))
        #expect(top.width == 4 && top.height == 2)
        #expect(top.pixels[0] == 0 && top.pixels[top.pixels.count - 4] == 7)
        let corner = image.clipped(to: NormalizedRect(x: 0.75, y: 0.75, width: 0.25, height: 0.25))
        #expect(corner.width == 1 && corner.height == 1 && corner.pixels[0] == 15)
        #expect(image.clipped(to: NormalizedRect(x: 0, y: 0, width: 1, height: 1)) == image)
    }

    @Test func clippingRectFromAppleDictionary() {
        #expect(NormalizedRect(dictionary: ["X": 0, "Y": 0.5, "Width": 1, "Height": 0.5])
                == NormalizedRect(x: 0, y: 0.5, width: 1, height: 0.5))
        #expect(NormalizedRect(dictionary: ["X": 0, "Y": 0.5, "Width": 1, "Height": 0.75]) == nil)
        #expect(NormalizedRect(dictionary: ["X": 0, "Y": 0, "Width": "wide", "Height": 1]) == nil)
    }

    @Test func colourModeFromTheTerminal() {
        #expect(PreviewColorMode.choose(colorTerm: nil, terminalColors: 256, noColor: true) == PreviewColorMode.none)
        #expect(PreviewColorMode.choose(colorTerm: "truecolor", terminalColors: 1 << 24, noColor: false) == .trueColor)
        #expect(PreviewColorMode.choose(colorTerm: "truecolor", terminalColors: 256, noColor: false) == .indexed256)
        #expect(PreviewColorMode.choose(colorTerm: "24bit", terminalColors: 256, directColor: true, noColor: false)
                == .trueColor)
        #expect(PreviewColorMode.choose(colorTerm: nil, terminalColors: 16, noColor: false) == .indexed16)
        #expect(PreviewColorMode.choose(colorTerm: nil, terminalColors: 8, noColor: false) == .indexed8)
        #expect(PreviewColorMode.choose(colorTerm: nil, terminalColors: 0, noColor: false) == .monochrome)
    }
}
