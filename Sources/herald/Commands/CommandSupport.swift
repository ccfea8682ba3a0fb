import Foundation

/// Reads a whole file, or standard input for `-`.
enum InputFile {
    static func read(_ path: String) throws -> Data {
        if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandError("cannot read \(path)")
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
