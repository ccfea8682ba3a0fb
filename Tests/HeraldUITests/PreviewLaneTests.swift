import Foundation
import HeraldCore
import HeraldPreview
import Synchronization
import Testing
import TestSupport
@testable import HeraldUI

/// The UI's pictures are made one at a time on their own lane: a hostile picture — a
/// progressive JPEG of 169,812 tiny scans, each a pass over a 2048 × 2048 picture, which once
/// held that lane for hours — fails at once, naming the limit, and the picture asked for after
/// it still draws.
@Suite(.enabled(if: AttachmentPreviewer.canDraw && ImageDecoder.Format.jpeg.isAvailable && ImageDecoder.Format.png.isAvailable,
                "libchafa, libturbojpeg or libpng16 is not installed"))
struct PreviewLaneTests {
    @Test func aPictureAfterAHostileOneStillDraws() async throws {
        let directory = try TemporaryDirectory("herald-preview-lane")
        defer { directory.remove() }
        let size = 2_048
        var grey = [UInt8](repeating: 128, count: size * size * 4)
        for alpha in stride(from: 3, to: grey.count, by: 4) { grey[alpha] = 255 }
        let progressive = [UInt8](try ImageDecoder.encodeJPEG(RGBAImage(width: size, height: size, pixels: grey), progressive: true))
        let bombPath = directory.path + "/scans.jpg"
        try Data(PreviewFixtures.repeatingLastScan(of: progressive, untilScans: 169_812)).write(to: URL(fileURLWithPath: bombPath))
        let picturePath = directory.path + "/quadrants.png"
        try PNGEncoder.encode(width: 16, height: 16, rgba: PreviewFixtures.quadrants(size: 16))
            .write(to: URL(fileURLWithPath: picturePath))

        let bomb = PreviewRequest(path: bombPath, columns: 20, rows: 8, mode: .indexed256)
        let picture = PreviewRequest(path: picturePath, columns: 20, rows: 8, mode: .indexed256)
        let rendered = Mutex<[PreviewRequest: PreviewState]>([:])
        let worker = EffectWorker(runner: EffectRunner(center: FakeCenterControl()) { message in
            if case .previewRendered(let request, let state) = message { rendered.withLock { $0[request] = state } }
        })
        worker.submit(.renderPreview(bomb))
        worker.submit(.renderPreview(picture))
        let deadline = Date().addingTimeInterval(120)
        while rendered.withLock({ $0.count }) < 2 && Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        worker.cancel()

        let states = rendered.withLock { $0 }
        guard case .failed(let why)? = states[bomb] else {
            Issue.record("the hostile picture: \(String(describing: states[bomb]))")
            return
        }
        #expect(why.contains("scans"), "\(why)")
        guard case .ready(let cells)? = states[picture] else {
            Issue.record("the picture after it: \(String(describing: states[picture]))")
            return
        }
        #expect(cells.area.width > 0)
    }
}
