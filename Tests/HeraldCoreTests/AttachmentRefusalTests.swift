import Foundation
import Testing
import HeraldCore
import TestSupport

/// Everything is checked before anything is moved, a refused request never
/// costs the caller a file, and a symbolic link is judged by the file it points to.
@Suite struct AttachmentRefusalTests {
    private func attachment(_ url: URL, identifier: String = "") throws -> AttachmentRecord {
        try AttachmentValidator.validate(identifier: identifier, url: url)
    }

    @Test func aRefusedSecondAttachmentLeavesTheFirstFileWhereItWas() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        let good = try writeFile(h.directory.url, "good.png", bytes: pngBytes)
        let bad = try writeFile(h.directory.url, "bad.png", bytes: pngBytes)
        var req = request("two", trigger: after(60))
        req.content.attachments = [try attachment(good), try attachment(bad)]
        try Data("not a png".utf8).write(to: bad)   // changed after the attachment was made
        await #expect(throws: UNError.self) { try await h.engine.add(req, bundleIdentifier: app) }
        #expect(FileManager.default.fileExists(atPath: good.path))
        #expect(FileManager.default.fileExists(atPath: bad.path))
        // No copy is left behind in the data store either.
        let stored = (FileManager.default.enumerator(atPath: h.attachmentsDirectory.path)?.allObjects ?? [])
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".png") }
        #expect(stored.isEmpty)
    }

    @Test func oneFileListedTwiceGivesEachAttachmentItsOwnCopy() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let app = await h.authorizedApp()
        let file = try writeFile(h.directory.url, "twice.png", bytes: pngBytes)
        var req = request("twice", trigger: after(60))
        req.content.attachments = [try attachment(file, identifier: "a"), try attachment(file, identifier: "b")]
        try await h.engine.add(req, bundleIdentifier: app)
        let stored = try #require(await h.engine.pendingRequests(bundleIdentifier: app).first).content.attachments
        #expect(stored.count == 2)
        #expect(Set(stored.map(\.path)).count == 2)
        #expect(stored.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
        #expect(!FileManager.default.fileExists(atPath: file.path))   // moved in, as on Apple
    }

    @Test func anUnauthorizedAppKeepsItsFile() async throws {
        let h = try await EngineHarness()
        defer { h.directory.remove() }
        let file = try writeFile(h.directory.url, "mine.png", bytes: pngBytes)
        var req = request("quiet")
        req.content.attachments = [try attachment(file)]
        try await h.engine.add(req, bundleIdentifier: "com.example.unasked")
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @Test func aLinkIsJudgedByTheFileItPointsTo() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        func link(_ name: String, to target: String) throws -> URL {
            let url = dir.url.appendingPathComponent(name)
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
            return url
        }
        // A device: not a regular file.
        #expect(throws: UNError.self) { try attachment(try link("zero.mp3", to: "/dev/zero")) }
        // A /proc file: reports 0 bytes.
        #expect(throws: UNError.self) { try attachment(try link("environ.mp3", to: "/proc/self/environ")) }
        // Over the audio limit (5 MB): a sparse file of 6 MB.
        let big = dir.url.appendingPathComponent("big.bin")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 6 * 1024 * 1024)
        try handle.close()
        do {
            _ = try attachment(try link("big.mp3", to: big.path))
            Issue.record("a link to a 6 MB file was accepted as audio")
        } catch let error as UNError {
            #expect(error.code == .attachmentInvalidFileSize)
        }
        // A link to a good file is fine.
        let png = try writeFile(dir.url, "real.png", bytes: pngBytes)
        #expect(try attachment(try link("alias.png", to: png.path)).size == Int64(pngBytes.count))
    }
}
