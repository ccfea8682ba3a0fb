import Foundation
import HeraldPreview
import Testing
import TestSupport

/// Broken and hostile files fail with a `PreviewError`, quickly and without crashing: random
/// bytes behind a real signature, every truncation of a real file, and headers that announce
/// more pixels than the limit (refused before anything is allocated).
@Suite struct HostileImageTests {
    static let size = 16

    /// The three fixtures as bytes, for the formats whose library is installed (a test that needs
    /// one is marked `.skipped(because: ImageLibraries.missing(…))`).
    static func fixtures() throws -> [ImageDecoder.Format: Data] {
        var out: [ImageDecoder.Format: Data] = [:]
        let rgba = PreviewFixtures.quadrants(size: size)
        if ImageDecoder.Format.png.isAvailable { out[.png] = PNGEncoder.encode(width: size, height: size, rgba: rgba) }
        if ImageDecoder.Format.jpeg.isAvailable {
            out[.jpeg] = try ImageDecoder.encodeJPEG(RGBAImage(width: size, height: size, pixels: rgba))
        }
        if ImageDecoder.Format.gif.isAvailable {
            let directory = try TemporaryDirectory("herald-gif")
            defer { directory.remove() }
            let path = directory.url.appendingPathComponent("f.gif").path
            try ImageDecoder.writeGIF(path: path, width: size, height: size, palette: PreviewFixtures.palette,
                                      indices: PreviewFixtures.quadrantIndices(size: size))
            out[.gif] = FileManager.default.contents(atPath: path)
        }
        return out
    }

    /// Decodes, and says whether it succeeded; any error must be a `PreviewError`.
    static func outcome(_ data: Data, limits: ImageLimits = .standard) -> Result<RGBAImage, PreviewError> {
        do {
            return .success(try ImageDecoder.decode(data, limits: limits))
        } catch let error as PreviewError {
            return .failure(error)
        } catch {
            Issue.record("not a PreviewError: \(error)")
            return .failure(.corrupt("\(error)"))
        }
    }

    @Test(.skipped(because: ImageLibraries.missing(.png, .jpeg, .gif))) func theFixturesDecodeToTheirPixels() throws {
        for (format, data) in try Self.fixtures() {
            let image = try ImageDecoder.decode(data)
            #expect(image.width == Self.size && image.height == Self.size, "\(format)")
            #expect(Array(image.pixels.prefix(4)).map { $0 > 250 ? 1 : $0 < 5 ? 0 : -1 } == [1, 0, 0, 1], "\(format)")
        }
    }

    @Test(.skipped(because: ImageLibraries.missing(.png, .jpeg, .gif))) func everyTruncationFailsCleanly() throws {
        for (format, data) in try Self.fixtures() {
            for length in 0..<data.count {
                if case .success(let image) = Self.outcome(data.prefix(length)) {
                    // Some decoders fill in what is missing; the size must still be the header's.
                    #expect(image.width == Self.size && image.height == Self.size, "\(format) cut at \(length)")
                }
            }
        }
    }

    @Test(.skipped(because: ImageLibraries.missing(.png, .jpeg, .gif))) func randomBytesBehindARealHeaderFailCleanly() throws {
        var random = SeededGenerator(seed: 17)
        for (format, data) in try Self.fixtures() {
            for _ in 0..<300 {
                var bytes = [UInt8](data)
                // Keep the signature; scramble a random stretch, or everything after the header.
                let start = Int.random(in: 8..<bytes.count, using: &random)
                let end = Bool.random(using: &random) ? bytes.count : min(bytes.count, start + Int.random(in: 1...16, using: &random))
                for i in start..<end { bytes[i] = UInt8.random(in: 0...255, using: &random) }
                if case .success(let image) = Self.outcome(Data(bytes)) {
                    #expect(image.width * image.height <= ImageLimits.standard.maxPixels, "\(format)")
                }
            }
        }
    }

    @Test(.skipped(because: ImageLibraries.missing(.png))) func aPNGBombIsRefusedFromItsHeader() {
        #expect(Self.outcome(PNGEncoder.headerOnly(width: 100_000, height: 100_000))
                == .failure(.tooLarge(width: 100_000, height: 100_000, limit: ImageLimits.standard.maxPixels)))
        #expect(Self.outcome(PNGEncoder.headerOnly(width: 8_000, height: 8_000))
                == .failure(.tooLarge(width: 8_000, height: 8_000, limit: ImageLimits.standard.maxPixels)))
        // Within the limit but without the data: a broken image, not a crash.
        guard case .failure(.corrupt) = Self.outcome(PNGEncoder.headerOnly(width: 64, height: 64)) else {
            Issue.record("a PNG without its data decoded")
            return
        }
    }

    @Test(.skipped(because: ImageLibraries.missing(.jpeg))) func aJPEGBombIsRefusedFromItsHeader() throws {
        let data = try #require(try Self.fixtures()[.jpeg])
        var bytes = [UInt8](data)
        // The start-of-frame marker (FFC0): height and width follow the length and precision.
        let sof = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes[sof + 5] = 0xFD; bytes[sof + 6] = 0xE8   // 65,000
        bytes[sof + 7] = 0xFD; bytes[sof + 8] = 0xE8
        #expect(Self.outcome(Data(bytes)) == .failure(.tooLarge(width: 65_000, height: 65_000,
                                                                limit: ImageLimits.standard.maxPixels)))
    }

    @Test(.skipped(because: ImageLibraries.missing(.gif))) func aGIFBombIsRefusedFromItsHeader() throws {
        let data = try #require(try Self.fixtures()[.gif])
        var bytes = [UInt8](data)
        bytes[6] = 0x60; bytes[7] = 0xEA; bytes[8] = 0x60; bytes[9] = 0xEA   // screen 60,000 × 60,000
        #expect(Self.outcome(Data(bytes)) == .failure(.tooLarge(width: 60_000, height: 60_000,
                                                                limit: ImageLimits.standard.maxPixels)))
        var frame = [UInt8](data)
        frame[6] = 4; frame[7] = 0; frame[8] = 4; frame[9] = 0   // a 4×4 screen, a 16×16 frame
        guard case .failure(.corrupt) = Self.outcome(Data(frame)) else {
            Issue.record("a frame bigger than its screen decoded")
            return
        }
    }

    @Test func limitsOnTheFileAndTheFormat() throws {
        #expect(Self.outcome(Data("hello, world".utf8)) == .failure(.notAnImage))
        #expect(Self.outcome(Data(count: 100), limits: ImageLimits(maxFileBytes: 10)) == .failure(.fileTooLarge(size: 100, limit: 10)))
        #expect(throws: PreviewError.unreadable("no file at /nonexistent/x.png")) {
            try ImageDecoder.decode(contentsOf: "/nonexistent/x.png")
        }
    }
}
