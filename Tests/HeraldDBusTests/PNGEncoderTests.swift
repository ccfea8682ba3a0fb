import Foundation
import Testing
@testable import HeraldDBus

@Suite struct PNGEncoderTests {
    @Test func checksumsMatchTheirReferenceValues() {
        #expect(PNGEncoder.crc32(Data("IEND".utf8)) == 0xAE42_6082)
        #expect(PNGEncoder.crc32(Data("123456789".utf8)) == 0xCBF4_3926)
        #expect(PNGEncoder.adler32(Data("Wikipedia".utf8)) == 0x11E6_0398)
    }

    @Test func writesSignatureHeaderAndEnd() {
        let pixels = Data([255, 0, 0, 255, 0, 255, 0, 128])   // 2×1 RGBA
        let png = PNGEncoder.encode(width: 2, height: 1, channels: 4, rowstride: 8, pixels: pixels)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png[12..<16]) == Array("IHDR".utf8))
        #expect(Array(png[16..<24]) == [0, 0, 0, 2, 0, 0, 0, 1])
        #expect(png[24] == 8 && png[25] == 6)                   // 8 bits, RGBA
        #expect(Array(png.suffix(12)) == [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82])
    }

    @Test func storedBlocksSplitAt65535Bytes() {
        let data = Data(repeating: 7, count: 70_000)
        let zlib = PNGEncoder.zlibStored(data)
        #expect(zlib.count == 2 + 2 * 5 + 70_000 + 4)
        #expect(zlib[2] == 0)                                    // first block not last
        #expect(zlib[2 + 5 + 65_535] == 1)                       // second block last
    }

    @Test func rowstridePaddingIsDropped() throws {
        let value = DBusValue.structure([.int(1), .int(2), .int(4), .bool(false), .int(8), .int(3),
                                         .bytes(Data([1, 2, 3, 99, 4, 5, 6]))])
        let image = try RawImage(hint: "image-data", value)
        let png = image.png()
        #expect(png.count > 0)
        // The IDAT payload holds two rows of filter byte + 3 bytes, without the padding byte 99.
        let raw = Data([0, 1, 2, 3, 0, 4, 5, 6])
        #expect(png.range(of: raw) != nil)
    }
}
