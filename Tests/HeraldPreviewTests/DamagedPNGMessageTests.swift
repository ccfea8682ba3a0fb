import Foundation
import Testing
import TestSupport
@testable import HeraldPreview

/// A damaged PNG's error tile says what is wrong in words, not libpng's escaped chunk name
/// ("[20]is[20]: invalid chunk type").
@Suite struct DamagedPNGMessageTests {
    @Test func aMangledChunkNameIsLeftOut() {
        #expect(PNGCodec.readable("[20]is[20]: invalid chunk type") == "invalid chunk type")
        #expect(PNGCodec.readable("IDAT: CRC error") == "IDAT: CRC error")
        #expect(PNGCodec.readable("") == "libpng could not read it")
        #expect(PNGCodec.readable("Not a PNG file") == "Not a PNG file")
    }

    @Test(.skipped(because: ImageLibraries.missing(.png))) func aChunkWithANoiseTypeFailsWithAReadableMessage() throws {
        var bytes = [UInt8](PNGEncoder.encode(width: 8, height: 8, rgba: [UInt8](repeating: 200, count: 8 * 8 * 4)))
        // The chunk after IHDR (8 signature + 25 IHDR bytes): its length, then its type.
        bytes.replaceSubrange(37..<41, with: Array(" is ".utf8))
        do {
            _ = try ImageDecoder.decode(Data(bytes))
            Issue.record("a PNG with a chunk named ' is ' decoded")
        } catch let error as PreviewError {
            let text = error.description
            #expect(text.hasPrefix("broken image: "), "\(text)")
            #expect(!text.contains("["), "\(text)")
        }
    }
}
