import Foundation
import HeraldCore
import HeraldPreview
import CursesHarness
import HeraldUI
import TerminalKit

/// `frame_ms` (model → buffer → diff on a 200×60 screen with 100,000 notifications in history)
/// and `banner_bytes` vs `full_redraw_bytes` (terminal bytes for one new banner vs redrawing
/// everything), on HeraldUI's own model, view and diff; the bytes are what the ncurses backend
/// writes for those frames (`CursesByteMeter`).
enum UIBenchmarks {
    static let width = 200
    static let height = 60
    static let base = Date(timeIntervalSince1970: 1_700_000_000)

    static func record(_ n: Int, apps: Int, attachment: AttachmentRecord? = nil) -> DeliveredRecord {
        let words = ["build", "deploy", "meeting", "lunch", "invoice", "review", "release", "backup"]
        let content = ContentRecord(title: "\(words[n % 8].capitalized) \(n % 97)",
                                    body: "\(words[(n / 8) % 8]) \(words[(n / 64) % 8]) number \(n)",
                                    attachments: attachment.map { [$0] } ?? [], threadIdentifier: "t\(n % 5)")
        return DeliveredRecord(deliveryID: Int64(n + 1), bundleIdentifier: "com.example.app\(n % apps)",
                               request: RequestRecord(identifier: "r\(n)", content: content),
                               date: base.addingTimeInterval(Double(n)), presentation: [.banner, .list], isRead: n % 3 != 0)
    }

    /// A model at 200×60 whose history holds `total` notifications, with `window` of them loaded
    /// (the model keeps a window and pages through the center beyond it); with `attachment`,
    /// every notification carries it, and `previewMode` says whether pictures are drawn.
    static func model(total: Int, window: Int, attachment: AttachmentRecord? = nil,
                      previewMode: PreviewColorMode = .none) -> AppModel {
        var config = UIConfiguration(timeZone: TimeZone(identifier: "UTC")!)
        config.historyWindow = window
        config.previewMode = previewMode
        var model = AppModel(width: width, height: height, now: base.addingTimeInterval(Double(total)), config: config)
        let apps = (0..<8).map { AppRecord(bundleIdentifier: "com.example.app\($0)") }
        _ = model.update(.appsLoaded(apps))
        _ = model.update(.countsLoaded(Dictionary(uniqueKeysWithValues: apps.map {
            ($0.bundleIdentifier, HistoryCounts(unread: total / 24, total: total / 8))
        })))
        let page = (0..<min(window, total)).map { record(total - 1 - $0, apps: 8, attachment: attachment) }
        _ = model.update(.historyLoaded(model.historyQuery, page, total: total))
        return model
    }

    /// Median milliseconds of update (one key or tick) + view + diff, over `frames` frames.
    static func frameMilliseconds(_ start: AppModel, frames: Int) -> Double {
        var model = start
        var previous = model.view()
        var samples: [Double] = []
        samples.reserveCapacity(frames)
        let keys: [Msg] = [.key(.char("j")), .key(.char("j")), .tick(base), .key(.char("k"))]
        for i in 0..<frames {
            let begin = Measure.now()
            _ = model.update(keys[i % keys.count])
            let next = model.view()
            let changes = previous.diff(next)
            previous = next
            samples.append(Double(Measure.now() - begin) / 1e6)
            Measure.consume(changes.count)
        }
        return Measure.median(samples)
    }

    static func run(_ options: BenchOptions, report: Report) {
        let total = options.size(100_000)
        let window = UIConfiguration().historyWindow
        let frames = max(50, options.size(1_000))
        let frame = frameMilliseconds(model(total: total, window: window), frames: frames)
        report.add(Metric("frame_ms", label: "frame", value: frame, unit: "ms", goal: 2, direction: .lower))
        // The same with the whole history loaded into the model, not a window of it.
        let stress = frameMilliseconds(model(total: total, window: total), frames: max(10, frames / 50))
        report.note(String(format: "ui: frame at %d×%d, %d rows in history, window of %d loaded: %.3f ms; "
                           + "with all %d rows loaded into the model: %.1f ms", width, height, total, window, frame,
                           total, stress))

        // A flood (50,000 posts from one app in 22 s, about 57 per 25 ms frame): one
        // frame takes in a batch of arrivals and a key; keys must stay within a frame or two.
        let flood = floodFrameMilliseconds(model(total: total, window: window), arrivals: 60, frames: max(20, frames / 10))
        report.add(Metric("flood_frame_ms", label: "flood frame (60 arrivals + a key)", value: flood, unit: "ms", goal: 25,
                          direction: .lower))

        // One new notification arriving as a banner, on a settled screen.
        var steady = model(total: total, window: window)
        let before = steady.view()
        let arriving = record(total, apps: 8)
        _ = steady.update(.event(.delivered(arriving, replacedDeliveryID: nil)))
        let after = steady.view()
        let bannerChanges = before.diff(after)
        let fullChanges = Buffer(area: .zero).diff(after)
        let bytes: (banner: Int, full: Int)
        do {
            bytes = try terminalBytes(before: before, banner: bannerChanges, full: fullChanges)
        } catch {
            report.note("ui: no terminal bytes measured: \(error)")
            return
        }
        report.add(Metric("banner_bytes", label: "new banner", value: Double(bytes.banner), unit: "B"))
        report.add(Metric("full_redraw_bytes", label: "full redraw", value: Double(bytes.full), unit: "B"))
        report.add(Comparison(label: "banner_bytes vs full_redraw_bytes", measured: "\(bytes.banner) B",
                              baseline: "\(bytes.full) B", ratio: Double(bytes.banner) / Double(bytes.full), goal: 0.2,
                              direction: .lower))
        report.note("ui: banner diff \(bannerChanges.count) cells, full redraw \(fullChanges.count) cells "
                    + "(bytes as ncurses writes them for xterm-256color)")
    }

    /// Median milliseconds of a frame during a flood: `arrivals` notifications from one app and
    /// one key through update, then view and diff (as `UIProgram` takes a frame's inbox at once).
    static func floodFrameMilliseconds(_ start: AppModel, arrivals: Int, frames: Int) -> Double {
        var model = start
        var previous = model.view()
        var samples: [Double] = []
        var next = 10_000_000
        for i in 0..<frames {
            var batch: [Msg] = []
            for _ in 0..<arrivals {
                var arriving = record(next, apps: 8)
                arriving.bundleIdentifier = "com.example.ci"
                batch.append(.event(.delivered(arriving, replacedDeliveryID: nil)))
                next += 1
            }
            batch.append(.key(.char(i % 2 == 0 ? "j" : "k")))
            let begin = Measure.now()
            _ = model.update(batch: batch)
            let view = model.view()
            let changes = previous.diff(view)
            previous = view
            samples.append(Double(Measure.now() - begin) / 1e6)
            Measure.consume(changes.count)
        }
        return Measure.median(samples)
    }

    /// What ncurses sends for `banner` (the frame after `before`) and for `full` (the same final
    /// screen redrawn from a cleared terminal, as after a resize).
    static func terminalBytes(before: Buffer, banner: [CellChange], full: [CellChange]) throws -> (banner: Int, full: Int) {
        let meter = try CursesByteMeter(width: width, height: height)
        _ = meter.bytes(for: Buffer(area: .zero).diff(before))
        let bannerBytes = meter.bytes(for: banner)
        meter.clear()
        return (bannerBytes, meter.bytes(for: full))
    }
}
