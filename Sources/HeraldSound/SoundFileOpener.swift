import HeraldCore

/// Opens a sound file named from outside — a desktop notification's `sound-file` hint, a name
/// looked up in an app's sound folder — through `UntrustedFile`, so nothing but a regular file
/// within the size limit is ever opened: a named pipe could block the player for good, a device
/// could be read forever or act on being opened. The player is handed the opened descriptor
/// (`openedDescriptor`, as `/proc/self/fd/N`), so it reads exactly the file that was checked.
///
/// ```swift
/// switch SoundFileOpener.open("/usr/share/sounds/freedesktop/stereo/bell.oga") {
/// case .success(let file): play("/proc/self/fd/\(file.openedDescriptor)")   // while `file` lives
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

    /// The regular file at `path`, opened read-only (a symbolic link is judged by its target).
    static func open(_ path: String) -> Result<UntrustedFile, Refusal> {
        guard path.hasPrefix("/") else { return .failure(Refusal(description: "\(path) is not an absolute path")) }
        let file: UntrustedFile
        do {
            file = try UntrustedFile(opening: path)
        } catch UntrustedFileError.notRegular(_, let kind) {
            return .failure(Refusal(description: "\(path) is \(kind), not a sound file"))
        } catch {
            return .failure(Refusal(description: "\(error)"))
        }
        guard file.size <= maximumSize else {
            return .failure(Refusal(description: "\(path) is \(file.size) bytes; the limit is \(maximumSize)"))
        }
        return .success(file)
    }
}
