import Foundation
import HeraldCore
import HeraldPreview
import HeraldUI
import TerminalKit

/// `preview_frame_ms`: the UI frame (update + view + diff at 200×60, 100,000 rows in history)
/// with a 256-colour picture in the detail pane, next to the same frame without pictures
/// measured in the same run; and `preview_render_ms`, what one picture costs to make (decode
/// and libchafa, off the UI's thread). Needs libchafa and libturbojpeg; skipped without them.
enum PreviewBenchmarks {
    /// A 480×480 JPEG of colour bands (about what a photo attachment is).
    static func fixture(in scratch: URL) throws -> AttachmentRecord {
        let size = 480
        var pixels = [UInt8](repeating: 255, count: size * size * 4)
        for y in 0..<size {
            for x in 0..<size {
                let i = (y * size + x) * 4
                pixels[i] = UInt8(x * 255 / size)
                pixels[i + 1] = UInt8(y * 255 / size)
                pixels[i + 2] = UInt8((x + y) % 256)
            }
        }
        let path = scratch.appendingPathComponent("preview-bench.jpg").path
        let data = try ImageDecoder.encodeJPEG(RGBAImage(width: size, height: size, pixels: pixels))
        try data.write(to: URL(fileURLWithPath: path))
        return AttachmentRecord(identifier: "bench", path: path, type: "public.jpeg", size: Int64(data.count),
                                fileName: "preview-bench.jpg")
    }

    static func run(_ options: BenchOptions, scratch: URL, report: Report) {
        guard AttachmentPreviewer.canDraw, ImageDecoder.Format.jpeg.isAvailable else {
            report.note("preview: skipped (libchafa0 and libturbojpeg0 are needed)")
            return
        }
        let attachment: AttachmentRecord
        do { attachment = try fixture(in: scratch) } catch {
            report.note("preview: skipped (\(error))")
            return
        }
        let total = options.size(100_000)
        let window = UIConfiguration().historyWindow
        let frames = max(50, options.size(1_000))
        var model = UIBenchmarks.model(total: total, window: window, attachment: attachment, previewMode: .indexed256)
        // Every row carries the same picture, so the one made here stays on screen while j/k move.
        guard let request = model.history.first.flatMap({ model.detailPreviewRequest(for: $0) }) else {
            report.note("preview: the detail pane has no room for a picture")
            return
        }
        var renders: [Double] = []
        var state = PreviewState.loading
        for _ in 0..<max(5, options.size(50)) {
            let begin = Measure.now()
            state = PreviewState.render(request)
            renders.append(Double(Measure.now() - begin) / 1e6)
        }
        _ = model.update(.previewRendered(request, state))
        let plain = UIBenchmarks.frameMilliseconds(UIBenchmarks.model(total: total, window: window, attachment: attachment),
                                                   frames: frames)
        let withPicture = UIBenchmarks.frameMilliseconds(model, frames: frames)
        let render = Measure.median(renders)
        report.add(Metric("preview_frame_ms", label: "frame with a picture", value: withPicture, unit: "ms", goal: 2,
                          direction: .lower))
        report.add(Metric("preview_render_ms", label: "make one picture", value: render, unit: "ms"))
        report.add(Comparison(label: "preview_frame_ms vs frame without pictures", measured: String(format: "%.3f ms", withPicture),
                              baseline: String(format: "%.3f ms", plain), ratio: withPicture / plain, goal: 1.5,
                              direction: .lower))
        report.note(String(format: "preview: %d×%d picture (%@) of a 480×480 JPEG in the detail pane; frame %.3f ms "
                           + "with it, %.3f ms without (same run); making it (decode + chafa) %.2f ms, off the UI thread",
                           request.columns, request.rows, request.mode.rawValue, withPicture, plain, render))
    }
}
