import Foundation
import Testing
import HeraldCore
import TestSupport

/// Only regular files are attachments; a FIFO or device is refused before
/// anything reads it (reading a FIFO would never end).
@Suite struct AttachmentFileKindTests {
    @Test func aNamedPipeIsRefusedWithoutBeingRead() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let fifo = dir.url.appendingPathComponent("pipe.png")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect {
            _ = try AttachmentValidator.validate(identifier: "", url: fifo)
        } throws: { error in
            guard let error = error as? UNError, error.code == .attachmentInvalidURL else { return false }
            return error.description.contains("named pipe")
        }
    }

    @Test(arguments: ["/dev/null", "/tmp"])
    func devicesAndDirectoriesAreRefused(path: String) {
        #expect(throws: UNError.self) {
            _ = try AttachmentValidator.validate(identifier: "", url: URL(fileURLWithPath: path))
        }
    }

    @Test func kindsAreNamed() {
        #expect(AttachmentValidator.nonRegularKind(S_IFREG) == nil)
        #expect(AttachmentValidator.nonRegularKind(S_IFDIR) == "a directory")
        #expect(AttachmentValidator.nonRegularKind(S_IFCHR) == "a character device")
    }
}
