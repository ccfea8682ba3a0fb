import Foundation
import HeraldStore

/// `ui_first_frame_ms` and `ui_rss_mb`: the `herald` UI, attached to the socket benchmark's
/// daemon (a million notifications of history in a full run), from exec on a fresh
/// pseudo-terminal (200×60, `xterm-256color`) to the last byte of its first full frame — the
/// frame that shows the newest notification's title, after which the output stays quiet for
/// 300 ms — and its resident memory then. The median of a few starts; memory of the last.
enum UIFirstFrameBenchmarks {
    static let metricKeys = ["ui_first_frame_ms", "ui_rss_mb"]

    /// `newestTitle`: the title of the newest notification in the history (what the first full
    /// frame must show). The median is reported as `key`; with another key than
    /// `ui_first_frame_ms` (a floor beside it) neither goal nor memory is.
    static func run(herald: String, home: HeraldHome, socketPath: String, newestTitle: String, rounds: Int,
                    key: String = "ui_first_frame_ms", report: Report) throws {
        var times: [Double] = []
        var resident = 0
        var drawn = 0
        let marker = Array(newestTitle.utf8)
        for _ in 0..<rounds {
            let start = Measure.now()
            let ui = try PseudoTerminal(herald, ["--home", home.url.path], environment: [
                "TERM": "xterm-256color", "LANG": "C.UTF-8", "LINES": "60", "COLUMNS": "200",
                "HERALD_NO_SPAWN": "1", "HERALD_SOCKET": socketPath,
            ])
            defer { ui.stop() }
            let frame = try ui.readFrame(quiet: 0.3, timeout: 30) { contains($0, marker) }
            times.append(Double(frame.lastByte - start) / 1e6)
            resident = Measure.residentBytes(pid: ui.pid)
            drawn = frame.bytes.count
        }
        let figure = key == "ui_first_frame_ms"
        report.add(Metric(key, label: "herald UI exec → first full frame" + (figure ? "" : ", one notification"),
                          value: Measure.median(times), unit: "ms", goal: figure ? 50 : nil, direction: .lower))
        if figure {
            report.add(Metric("ui_rss_mb", label: "herald UI memory", value: Double(resident) / 1_048_576, unit: "MiB",
                              goal: 32, direction: .lower))
        }
        report.note(String(format: "%@: %d starts on a 200×60 pseudo-terminal: %@ ms; %d bytes drawn", key,
                           rounds, times.map { String(format: "%.1f", $0) }.joined(separator: ", "), drawn))
    }

    static func reportMissing(_ reason: String, report: Report) {
        for key in metricKeys { report.add(Metric(key, label: key, value: nil, unit: "", missingReason: reason)) }
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                (0...(hay.count - pin.count)).contains { offset in memcmp(hay.baseAddress! + offset, pin.baseAddress!, pin.count) == 0 }
            }
        }
    }
}
