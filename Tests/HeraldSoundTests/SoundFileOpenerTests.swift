import Foundation
import Testing
import TestSupport
@testable import HeraldSound
#if canImport(Glibc)
import Glibc
#endif

/// A sound file named from outside is opened only when it is a regular file: a FIFO (which
/// would block), a device or a directory is refused by name, also behind a symbolic link.
@Suite struct SoundFileOpenerTests {
    func refusal(_ path: String) -> String? {
        switch SoundFileOpener.open(path) {
        case .success:
            return nil
        case .failure(let refusal):
            return refusal.description
        }
    }

    @Test func aRegularFileIsOpened() throws {
        let directory = try TemporaryDirectory("herald-sound-file")
        defer { directory.remove() }
        let path = directory.path + "/a.wav"
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
        #expect(refusal(path) == nil)
        let link = directory.path + "/link.wav"
        #expect(symlink(path, link) == 0)
        #expect(refusal(link) == nil)
    }

    @Test func whatIsNotARegularFileIsNeverOpened() throws {
        let directory = try TemporaryDirectory("herald-sound-file")
        defer { directory.remove() }
        let fifo = directory.path + "/pipe.wav"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(refusal(fifo) == "\(fifo) is a named pipe (FIFO), not a sound file")   // returns: nothing blocks
        let link = directory.path + "/zero.wav"
        #expect(symlink("/dev/zero", link) == 0)
        #expect(refusal(link) == "\(link) is a character device, not a sound file")
        #expect(refusal(directory.path) == "\(directory.path) is a directory, not a sound file")
        #expect(refusal(directory.path + "/missing.wav") == "no file at \(directory.path)/missing.wav")
        #expect(refusal("relative.wav") == "relative.wav is not an absolute path")
    }

    @Test func aFileOverTheLimitIsRefused() throws {
        let directory = try TemporaryDirectory("herald-sound-file")
        defer { directory.remove() }
        let path = directory.path + "/long.wav"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, off_t(SoundFileOpener.maximumSize + 1)) == 0)
        #expect(refusal(path) == "\(path) is \(SoundFileOpener.maximumSize + 1) bytes; the limit is \(SoundFileOpener.maximumSize)")
    }
}
