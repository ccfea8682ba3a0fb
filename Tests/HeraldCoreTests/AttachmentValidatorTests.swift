import Foundation
import Testing
import HeraldCore
import TestSupport

@Suite struct AttachmentValidatorTests {
    func expectCode(_ code: UNError.Code, _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("expected \(code)")
        } catch let error as UNError {
            #expect(error.code == code)
            #expect(error.detail != nil)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func aValidPNGGetsItsTypeAndAGeneratedIdentifier() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let url = try writeFile(dir.url, "cat.png", bytes: pngBytes)
        let record = try AttachmentValidator.validate(identifier: "", url: url)
        #expect(record.type == "public.png")
        #expect(UUID(uuidString: record.identifier) != nil)
        #expect(record.size == Int64(pngBytes.count))
        #expect(record.fileName == "cat.png")
        #expect(try AttachmentValidator.validate(identifier: "pic", url: url).identifier == "pic")
    }

    @Test(arguments: [
        ("png", "public.png"), ("jpg", "public.jpeg"), ("JPEG", "public.jpeg"), ("gif", "com.compuserve.gif"),
        ("aiff", "public.aiff-audio"), ("aif", "public.aiff-audio"), ("wav", "com.microsoft.waveform-audio"),
        ("mp3", "public.mp3"), ("m4a", "public.mpeg-4-audio"), ("mpg", "public.mpeg"), ("mpeg", "public.mpeg"),
        ("m2v", "public.mpeg-2-video"), ("mp4", "public.mpeg-4"), ("m4v", "public.mpeg-4"), ("avi", "public.avi"),
    ])
    func extensionsMapToUTIs(fileExtension: String, type: String) {
        #expect(AttachmentValidator.type(forExtension: fileExtension) == type)
    }

    @Test func aNonFileURLOrAMissingFileIsAnInvalidURL() throws {
        expectCode(.attachmentInvalidURL) {
            _ = try AttachmentValidator.validate(identifier: "x", url: URL(string: "https://example.com/a.png")!)
        }
        expectCode(.attachmentInvalidURL) {
            _ = try AttachmentValidator.validate(identifier: "x", url: URL(fileURLWithPath: "/nonexistent/a.png"))
        }
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        expectCode(.attachmentInvalidURL) { _ = try AttachmentValidator.validate(identifier: "x", url: dir.url) }
    }

    @Test func anUnknownExtensionOrHintIsUnrecognized() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let url = try writeFile(dir.url, "notes.txt", bytes: [1, 2, 3])
        expectCode(.attachmentUnrecognizedType) { _ = try AttachmentValidator.validate(identifier: "x", url: url) }
        expectCode(.attachmentUnrecognizedType) {
            _ = try AttachmentValidator.validate(identifier: "x", url: url, typeHint: "public.plain-text")
        }
    }

    @Test func theTypeHintOverridesTheExtension() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let url = try writeFile(dir.url, "image.bin", bytes: gifBytes)
        #expect(try AttachmentValidator.validate(identifier: "x", url: url, typeHint: "com.compuserve.gif").type
                == "com.compuserve.gif")
    }

    @Test func emptyAndOversizedFilesAreInvalidSizes() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let empty = try writeFile(dir.url, "empty.png", bytes: [])
        expectCode(.attachmentInvalidFileSize) { _ = try AttachmentValidator.validate(identifier: "x", url: empty) }
        let big = dir.url.appendingPathComponent("big.wav")
        try Data(count: Int(AttachmentValidator.Kind.audio.maximumSize) + 1).write(to: big)
        do {
            _ = try AttachmentValidator.validate(identifier: "x", url: big)
            Issue.record("expected a size error")
        } catch let error as UNError {
            #expect(error.code == .attachmentInvalidFileSize)
            #expect(error.description.contains("5 MB"))
        }
        let movie = dir.url.appendingPathComponent("ok.mp4")
        try Data(count: Int(AttachmentValidator.Kind.audio.maximumSize) + 1).write(to: movie)
        #expect(try AttachmentValidator.validate(identifier: "x", url: movie).type == "public.mpeg-4")
    }

    @Test func wrongMagicBytesAreCorrupt() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        for (name, bytes) in [("fake.png", jpegBytes), ("fake.jpg", pngBytes), ("fake.gif", pngBytes)] {
            let url = try writeFile(dir.url, name, bytes: bytes)
            expectCode(.attachmentCorrupt) { _ = try AttachmentValidator.validate(identifier: "x", url: url) }
        }
        let jpeg = try writeFile(dir.url, "real.jpeg", bytes: jpegBytes)
        #expect(try AttachmentValidator.validate(identifier: "x", url: jpeg).type == "public.jpeg")
    }

    @Test func anUnreadableFileIsAnInvalidURL() throws {
        guard getuid() != 0 else { return } // root reads everything
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let url = try writeFile(dir.url, "secret.png", bytes: pngBytes)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: url.path)
        expectCode(.attachmentInvalidURL) { _ = try AttachmentValidator.validate(identifier: "x", url: url) }
    }
}

@Suite struct AttachmentStoreTests {
    @Test func addMovesTheFileIntoTheStore() async throws {
        let harness = try await EngineHarness()
        defer { harness.directory.remove() }
        let app = await harness.authorizedApp()
        let source = try writeFile(harness.directory.url, "jim@2x.png", bytes: pngBytes)
        var req = request("pic", trigger: after(60))
        req.content.attachments = [try AttachmentValidator.validate(identifier: "a", url: source)]
        try await harness.engine.add(req, bundleIdentifier: app)
        #expect(!FileManager.default.fileExists(atPath: source.path))
        let stored = try #require(await harness.engine.pendingRequests(bundleIdentifier: app).first?.content.attachments.first)
        #expect(stored.path.hasPrefix(harness.attachmentsDirectory.appendingPathComponent(app).path + "/"))
        #expect(stored.path.hasSuffix("-jim@2x.png"))
        #expect(FileManager.default.fileExists(atPath: stored.path))
        #expect(stored.fileName == "jim@2x.png")

        // Removing the pending request deletes its file.
        await harness.engine.removePendingRequests(identifiers: ["pic"], bundleIdentifier: app)
        #expect(!FileManager.default.fileExists(atPath: stored.path))
    }

    @Test func aFileInAReadOnlyDirectoryIsCopied() async throws {
        guard getuid() != 0 else { return } // root may move out of read-only directories
        let harness = try await EngineHarness()
        defer { harness.directory.remove() }
        let app = await harness.authorizedApp()
        let folder = harness.directory.url.appendingPathComponent("bundle")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = try writeFile(folder, "logo.png", bytes: pngBytes)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        var req = request("logo")
        req.content.attachments = [try AttachmentValidator.validate(identifier: "a", url: source)]
        try await harness.engine.add(req, bundleIdentifier: app)
        #expect(FileManager.default.fileExists(atPath: source.path))
        let delivered = try #require(harness.events.delivered.first?.record)
        #expect(delivered.content.attachments.first?.path.hasPrefix(harness.attachmentsDirectory.path) == true)
    }

    @Test func anInvalidAttachmentMeansTheRequestIsNotScheduled() async throws {
        let harness = try await EngineHarness()
        defer { harness.directory.remove() }
        let app = await harness.authorizedApp()
        let source = try writeFile(harness.directory.url, "a.png", bytes: pngBytes)
        var req = request("x", trigger: after(60))
        req.content.attachments = [try AttachmentValidator.validate(identifier: "a", url: source)]
        try FileManager.default.removeItem(at: source)
        await #expect(throws: UNError(.attachmentInvalidURL)) {
            try await harness.engine.add(req, bundleIdentifier: app)
        }
        #expect(await harness.engine.pendingRequests(bundleIdentifier: app).isEmpty)
    }

    @Test func anUnusableStoreFailsTheMove() async throws {
        let harness = try await EngineHarness()
        defer { harness.directory.remove() }
        let app = await harness.authorizedApp()
        // A plain file where the store's folder should be: no folder can be made there, not even by root.
        try Data("x".utf8).write(to: harness.attachmentsDirectory)
        let source = try writeFile(harness.directory.url, "a.png", bytes: pngBytes)
        var req = request("x", trigger: after(60))
        req.content.attachments = [try AttachmentValidator.validate(identifier: "a", url: source)]
        await #expect(throws: UNError(.attachmentMoveIntoDataStoreFailed)) {
            try await harness.engine.add(req, bundleIdentifier: app)
        }
        #expect(FileManager.default.fileExists(atPath: source.path))
    }

    @Test func aFileAlreadyInTheStoreIsCopiedNotMoved() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = AttachmentStore(directory: dir.url.appendingPathComponent("store"))
        let source = try writeFile(dir.url, "a.gif", bytes: gifBytes)
        let original = try AttachmentValidator.validate(identifier: "a", url: source)
        let first = try store.importFile(original, bundleIdentifier: "app")
        #expect(store.contains(path: first.path))
        #expect(FileManager.default.fileExists(atPath: source.path))   // until the request is accepted
        store.removeOriginals(of: [original])
        #expect(!FileManager.default.fileExists(atPath: source.path))
        store.removeOriginals(of: [first])   // a file in the store is never an original
        let second = try store.importFile(first, bundleIdentifier: "app")
        #expect(second.path != first.path)
        #expect(FileManager.default.fileExists(atPath: first.path))
        #expect(FileManager.default.fileExists(atPath: second.path))
        store.deleteFiles(of: [AttachmentRecord(identifier: "o", path: dir.url.appendingPathComponent("outside").path,
                                                type: "public.png", size: 1, fileName: "outside")])
    }
}
