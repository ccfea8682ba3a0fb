import Foundation
import Testing
import HeraldCore
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A file named by someone else is opened once, without blocking, judged by what was opened,
/// and read from that descriptor only — within a size limit and a time limit.
@Suite struct UntrustedFileTests {
    /// Runs `body` on a thread of its own and waits for it at most 20 s. A call that blocks (on
    /// a pipe nobody writes) is then unblocked by `unblock` and reported, so the test fails
    /// instead of hanging.
    private func finishes<T: Sendable>(_ what: String, unblock: @escaping @Sendable () -> Void,
                                       _ body: @escaping @Sendable () throws -> T) async -> Result<T, any Error>? {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<T>()
        Thread {
            box.result = Result { try body() }
            done.signal()
        }.start()
        let inTime = await offThePool { done.wait(timeout: .now() + 20) == .success }
        if !inTime {
            Issue.record("\(what) blocked")
            unblock()
            _ = await offThePool { done.wait(timeout: .now() + 20) }
        }
        return inTime ? box.result : nil
    }

    @Test func aNamedPipeOpensAtOnceAndIsRefused() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let fifo = dir.path + "/pipe.png"
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = await finishes("opening a pipe", unblock: { Self.writeOnce(to: fifo) }) {
            try UntrustedFile(opening: fifo)
        }
        #expect(throws: UntrustedFileError.notRegular(path: fifo, kind: "a named pipe (FIFO)")) { try result?.get() }
    }

    /// The race of the issue: a file checked as a PNG, then replaced by a pipe before the store
    /// copies it. The copy opens the pipe without waiting for a writer and refuses it.
    @Test func anAttachmentSwappedForAPipeAfterItsCheckIsRefusedWithoutBlocking() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = try writeFile(dir.url, "cat.png", bytes: pngBytes)
        let record = try AttachmentValidator.validate(identifier: "", url: file)
        try FileManager.default.removeItem(at: file)
        #expect(mkfifo(file.path, 0o600) == 0)
        let store = AttachmentStore(directory: dir.url.appendingPathComponent("store"))
        let result = await finishes("importing a pipe", unblock: { Self.writeOnce(to: file.path) }) {
            try store.importFile(record, bundleIdentifier: "com.example.race")
        }
        #expect {
            try result?.get()
        } throws: { error in
            (error as? UNError)?.code == .attachmentInvalidURL && "\(error)".contains("named pipe")
        }
        let stored = (try? FileManager.default.subpathsOfDirectory(atPath: store.directory.path)) ?? []
        #expect(!stored.contains { $0.hasSuffix(".png") })
    }

    @Test func whatIsReadComesFromTheDescriptorThatWasChecked() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = try writeFile(dir.url, "a.png", bytes: pngBytes)
        let opened = try UntrustedFile(opening: file.path)
        // Replaced by something else after the open: the opened file is still what is read.
        try FileManager.default.removeItem(at: file)
        try Data("not a png at all".utf8).write(to: file)
        #expect(try opened.head(8) == Array(pngBytes.prefix(8)))
        try opened.copy(to: dir.path + "/copy.png", limit: 1 << 20)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.path + "/copy.png")) == Data(pngBytes))
    }

    @Test func readsStopAtTheLimitAndAtTheDeadline() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = try writeFile(dir.url, "big.bin", bytes: [UInt8](repeating: 7, count: 100_000))
        #expect(throws: UntrustedFileError.tooLarge(path: file.path, size: 100_000, limit: 1000)) {
            try UntrustedFile.read(file.path, limit: 1000)
        }
        // A copy over the limit leaves nothing behind.
        #expect(throws: UntrustedFileError.self) {
            try UntrustedFile(opening: file.path).copy(to: dir.path + "/partial", limit: 1000)
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/partial"))
        // No time left: the first read gives up.
        #expect(throws: UntrustedFileError.tooSlow(path: file.path, seconds: 0)) {
            try UntrustedFile(opening: file.path, timeLimit: 0).readAll(limit: 1 << 20)
        }
    }

    @Test func linksAreFollowedOrRefusedAsAsked() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = try writeFile(dir.url, "a.png", bytes: pngBytes)
        let link = dir.path + "/link.png"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file.path)
        #expect(try UntrustedFile.read(link, limit: 1 << 20) == Data(pngBytes))
        #expect(throws: UntrustedFileError.notRegular(path: link, kind: "a symbolic link")) {
            try UntrustedFile(opening: link, followsLinks: false)
        }
        #expect(throws: UntrustedFileError.missing(path: dir.path + "/none")) { try UntrustedFile(opening: dir.path + "/none") }
    }

    /// Opens the pipe for writing and closes it, so a reader blocked on it returns.
    private static func writeOnce(to fifo: String) {
        let fd = open(fifo, O_WRONLY | O_NONBLOCK)
        if fd >= 0 { close(fd) }
    }
}

private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
