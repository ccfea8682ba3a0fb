import Foundation
import HeraldSystem
import HeraldWire

/// A bare client socket for the stress scenarios: it says exactly what the scenario wants (or
/// nothing), reads when told to, and vanishes without a goodbye.
final class StressSocket {
    let socket: UnixSocket
    private var buffer = LineBuffer(maximumLineLength: 16 << 20)
    /// The longest line received so far, in bytes (lines over 16 MiB counted as they were dropped).
    private(set) var longestLine = 0

    init(_ path: String) throws {
        socket = try UnixSocket.connect(to: SocketAddress(path: path))
    }

    deinit { close() }

    static let cliHello = #"{"hello":{"protocol":\#(WireCoding.protocolVersion),"role":"cli","client":"herald-bench stress"}}"#

    /// Writes lines (a newline is added to each).
    func send(_ lines: String...) throws {
        for line in lines {
            let data = Data((line + "\n").utf8)
            try data.withUnsafeBytes { try socket.writeAll($0) }
        }
    }

    /// The lines that arrive within `seconds`, up to the end of the stream or `limit` lines.
    func receive(seconds: Double, limit: Int = .max) -> (lines: [Data], ended: Bool) {
        var lines: [Data] = []
        let deadline = Date().addingTimeInterval(seconds)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while lines.count < limit {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { break }
            var descriptor = pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(left * 1000) + 1) > 0 else { continue }
            let count = (try? chunk.withUnsafeMutableBytes { try socket.read(into: $0) }) ?? 0
            let items = count == 0 ? buffer.finish() : buffer.append(Data(chunk[0..<count]))
            for item in items {
                switch item {
                case .line(let line):
                    lines.append(line)
                    longestLine = max(longestLine, line.count)
                case .tooLong(let length, _):
                    longestLine = max(longestLine, length)
                }
            }
            if count == 0 { return (lines, true) }
        }
        return (lines, false)
    }

    /// The `reason` of an error line, if it is one.
    static func errorReason(_ line: Data) -> String? {
        (try? JSONSerialization.jsonObject(with: line) as? [String: Any])
            .flatMap { $0["error"] as? [String: Any] }?["reason"] as? String
    }

    /// Leaves without a word (again: nothing; the socket closes once).
    func close() { socket.close() }
}

/// What `/proc` says about a process: threads, open descriptors, resident memory.
struct ProcessFootprint: CustomStringConvertible {
    var threads: Int
    var descriptors: Int
    var residentBytes: Int

    init(pid: Int32) {
        threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count) ?? -1
        descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
        residentBytes = Measure.residentBytes(pid: pid)
    }

    var description: String { "\(threads) threads, \(descriptors) descriptors, \(residentBytes >> 20) MiB resident" }
}

/// Raises this process's descriptor limit to its hard limit (the scenarios open hundreds).
func raiseDescriptorLimit() {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
    limit.rlim_cur = limit.rlim_max
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
}
