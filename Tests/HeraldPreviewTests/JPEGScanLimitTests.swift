import Foundation
import HeraldPreview
import Testing
import TestSupport

/// A progressive JPEG is decoded scan by scan, a pass over the whole picture each: a file of
/// tens of thousands of tiny scans would hold the decoder for minutes. Scans are counted from
/// the markers before any is decoded, and a file with more than its size allows is refused,
/// naming the limit; ordinary progressive files decode as before.
@Suite(.enabled(if: ImageDecoder.Format.jpeg.isAvailable, "libturbojpeg is not installed"))
struct JPEGScanLimitTests {
    /// A flat grey progressive JPEG, `size` pixels a side, of about 10 scans.
    static func progressive(size: Int) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 128, count: size * size * 4)
        for alpha in stride(from: 3, to: pixels.count, by: 4) { pixels[alpha] = 255 }
        return [UInt8](try ImageDecoder.encodeJPEG(RGBAImage(width: size, height: size, pixels: pixels), progressive: true))
    }

    @Test func anOrdinaryProgressiveJPEGDecodes() throws {
        let image = try ImageDecoder.decode(Data(try Self.progressive(size: 64)))
        #expect(image.width == 64 && image.height == 64)
    }

    @Test func aFileOfManyScansIsRefusedBeforeDecoding() throws {
        let bomb = PreviewFixtures.repeatingLastScan(of: try Self.progressive(size: 256), untilScans: 20_000)
        #expect(throws: PreviewError.tooManyScans(width: 256, height: 256, limit: 500)) {
            try ImageDecoder.decode(Data(bomb))
        }
        #expect(PreviewError.tooManyScans(width: 256, height: 256, limit: 500).description
                == "JPEG of more than 500 scans; previews of a 256×256 picture stop at 500 scans")
    }

    @Test func aLargerPictureIsAllowedFewerScans() throws {
        // Work for 16 passes over a 512 × 512 picture: it may have 16 scans, not 20.
        let limits = ImageLimits(maxScanWork: 512 * 512 * 16)
        let picture = try Self.progressive(size: 512)
        #expect(throws: PreviewError.tooManyScans(width: 512, height: 512, limit: 16)) {
            try ImageDecoder.decode(Data(PreviewFixtures.repeatingLastScan(of: picture, untilScans: 20)), limits: limits)
        }
        // The standard work (512 M) allows the largest picture 32 scans.
        #expect(ImageLimits.standard.maxScanWork / ImageLimits.standard.maxPixels == 32)
    }

    @Test func aRefusedFileIsWithinTheScanLimitWhenItIsRaised() throws {
        // The same file with the limit raised past its scans reaches the decoder (which then
        // says what libjpeg thinks of the repeated scans): the refusal is the count's, not the
        // file's shape.
        let bomb = PreviewFixtures.repeatingLastScan(of: try Self.progressive(size: 32), untilScans: 600)
        let raised = ImageLimits(maxScans: 1_000)
        do {
            _ = try ImageDecoder.decode(Data(bomb), limits: raised)
        } catch let error as PreviewError {
            if case .tooManyScans = error { Issue.record("refused at a limit of 1,000: \(error)") }
        }
    }
}
