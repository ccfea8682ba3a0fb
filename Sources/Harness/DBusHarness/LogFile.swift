import Foundation

/// A helper process's output file (its standard output and error both go there, so nothing it
/// prints can fill a pipe and stall it): read whole, or polled for a line, within a time limit.
struct LogFile: Sendable {
    let path: String

    /// Everything written so far.
    var text: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    /// The first complete line that `matches`, polling until `deadline`; `nil` when it never came
    /// or `isAlive` says the writer has gone.
    func waitForLine(until deadline: Date, isAlive: () -> Bool, _ matches: (String) -> Bool) -> String? {
        while true {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            // Only lines ended by a newline are complete.
            let complete = text.hasSuffix("\n") ? lines : Array(lines.dropLast())
            if let line = complete.first(where: matches) { return line }
            guard Date() < deadline, isAlive() else { return nil }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}
