import HeraldCore
#if canImport(Glibc)
import Glibc
#endif

/// Opens a sound file named from outside — a desktop notification's `sound-file` hint, a name
/// looked up in an app's sound folder — without ever opening anything but a regular file: a
/// named pipe could block the player for good, a device could be read forever or act on being
/// opened. The path is checked with `stat` (a symbolic link is judged by the file it points
/// to), opened non-blocking, and checked again with `fstat` on what was opened: still a
/// regular file, the same one, within the size limit.
///
/// ```swift
/// switch SoundFileOpener.open("/usr/share/sounds/freedesktop/stereo/bell.oga") {
/// case .success(let descriptor): …; close(descriptor)
/// case .failure(let reason): log(reason.description)
/// }
/// ```
enum SoundFileOpener {
    /// The largest sound file played (a 30-second WAV at 48 kHz is under 6 MB).
    static let maximumSize: Int64 = 16 * 1024 * 1024

    /// Why a file was not opened.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// A read-only, close-on-exec descriptor of the regular file at `path`.
    static func open(_ path: String) -> Result<Int32, Refusal> {
        guard path.hasPrefix("/") else { return .failure(Refusal(description: "\(path) is not an absolute path")) }
        var before = stat()
        guard stat(path, &before) == 0 else {
            return .failure(Refusal(description: "\(path): \(String(cString: strerror(errno)))"))
        }
        if let kind = AttachmentValidator.nonRegularKind(before.st_mode) {
            return .failure(Refusal(description: "\(path) is \(kind), not a sound file"))
        }
        guard Int64(before.st_size) <= maximumSize else {
            return .failure(Refusal(description: "\(path) is \(before.st_size) bytes; the limit is \(maximumSize)"))
        }
        let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return .failure(Refusal(description: "\(path): \(String(cString: strerror(errno)))"))
        }
        var after = stat()
        guard fstat(descriptor, &after) == 0, AttachmentValidator.nonRegularKind(after.st_mode) == nil,
              after.st_dev == before.st_dev, after.st_ino == before.st_ino, Int64(after.st_size) <= maximumSize else {
            close(descriptor)
            return .failure(Refusal(description: "\(path) changed while it was opened"))
        }
        return .success(descriptor)
    }
}
