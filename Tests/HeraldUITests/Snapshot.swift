import Foundation
import TerminalKit
import Testing
@testable import HeraldUI

/// Compares a screen's text with `Snapshots/<name>.txt` (trailing spaces stripped; styles are
/// checked separately). With `UPDATE_SNAPSHOTS=1` the file is (re)written instead.
func assertSnapshot(_ buffer: Buffer, named name: String, filePath: String = #filePath,
                    sourceLocation: SourceLocation = #_sourceLocation) {
    let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    let url = directory.appendingPathComponent("\(name).txt")
    let text = buffer.lines.map { line in
        var line = line
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }.joined(separator: "\n") + "\n"
    if ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1" {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? text.write(to: url, atomically: true, encoding: .utf8)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("Missing snapshot \(name).txt — run with UPDATE_SNAPSHOTS=1", sourceLocation: sourceLocation)
        return
    }
    if expected != text {
        Issue.record("Snapshot \(name) differs.\nExpected:\n\(expected)\nActual:\n\(text)", sourceLocation: sourceLocation)
    }
}
