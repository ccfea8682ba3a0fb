import Foundation
import HeraldCore

extension PostCommand {
    /// Checks the file as `UNNotificationAttachment` would (a regular file of a supported type
    /// and size; directories, devices and FIFOs are refused before anything is read), then
    /// copies it to one private temporary file, which the center moves into its store (`run`
    /// removes a copy the center did not take). The file is opened once (`UntrustedFile`): what
    /// is checked is what is copied, and a pipe never blocks.
    static func copyAttachment(_ path: String) throws -> AttachmentRecord {
        let source = URL(fileURLWithPath: path)
        let file: UntrustedFile
        do {
            file = try UntrustedFile(opening: path)
        } catch UntrustedFileError.missing {
            throw UsageError("--attach \(path): there is no such file")
        } catch UntrustedFileError.notRegular(_, let kind) {
            throw UsageError("--attach \(path) is \(kind), not a file; attach an image (png, jpg, gif), "
                                 + "audio (aiff, wav, mp3, m4a) or movie (mpg, m2v, mp4, avi) file")
        } catch {
            throw UsageError("--attach \(error)")
        }
        var record: AttachmentRecord
        do {
            record = try AttachmentValidator.validate(file, identifier: "", url: source)
        } catch let error as UNError {
            throw UsageError("--attach \(path): \(error.detail ?? error.description)")
        }
        let copy = FileManager.default.temporaryDirectory
            .appendingPathComponent("herald-attach-\(UUID().uuidString).\(source.pathExtension)")
        do {
            let limit = AttachmentValidator.kind(ofType: record.type)?.maximumSize ?? AttachmentValidator.Kind.movie.maximumSize
            try file.copy(to: copy.path, limit: limit)
        } catch {
            throw CommandError("--attach \(path): could not copy it to \(copy.path) (\(error))")
        }
        record.path = copy.path
        record.fileName = source.lastPathComponent
        return record
    }
}
