import HeraldSystem
import TerminalKit

/// One line per event on standard error, with the time (`LogTimestamp`); clients' text in it is
/// escaped (`TerminalText.escaped`: control characters, escape sequences and bidirectional
/// controls shown as `\u{1B}`), never written raw. A line that cannot be written (the log's disk
/// is full) is dropped and counted, and the daemon serves on (`LineWriter`).
enum DaemonLog {
    static func write(_ message: String) {
        LineWriter.standardError.write("\(LogTimestamp.now()) herald: \(TerminalText.escaped(message))")
    }
}
