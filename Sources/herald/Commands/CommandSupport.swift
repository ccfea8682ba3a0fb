import Foundation
import HeraldCore
import HeraldWire

/// Reads a whole file the user named on the command line, or standard input for `-` — at most
/// `limit` bytes (`/dev/zero` is refused, not read until memory runs out). A named pipe is read
/// like any file here (`herald push <(jq …)`): the path is the user's own, not an outsider's.
enum InputFile {
    /// More than any request can carry (the socket's 1 MiB line limit).
    static let limit = LineConnection.maximumLineLength

    static func read(_ path: String) throws -> Data {
        guard let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path) else {
            throw CommandError("cannot read \(path)")
        }
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw CommandError("cannot read \(path): \(ErrorSentence.describe(error))")
        }
        guard data.count <= limit else {
            throw CommandError("\(path) is larger than a request can carry: over the line limit of \(limit) bytes (1 MiB)")
        }
        return data
    }
}

/// A failure a command reports in one sentence (exit status 1 unless it says otherwise).
struct CommandError: Error, CustomStringConvertible {
    let description: String
    /// The exit status `herald` ends with.
    let status: Int32
    init(_ description: String, status: Int32 = ExitStatus.failure) {
        self.description = description
        self.status = status
    }
}
