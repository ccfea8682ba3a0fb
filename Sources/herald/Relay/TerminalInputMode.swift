#if canImport(Glibc)
import Glibc
#endif

/// The relay's terminal input without line editing or echo, so a terminal's answer (kitty's
/// click report, an escape sequence without a newline) is read as it comes and never printed.
/// Ctrl-C still stops the relay (signals stay on). `restore()` puts the terminal back.
final class TerminalInputMode: Sendable {
    private let descriptor: Int32
    private let saved: termios

    /// Switches `descriptor` (a terminal) over; `nil` when it is not a terminal.
    init?(descriptor: Int32) {
        var settings = termios()
        guard isatty(descriptor) == 1, tcgetattr(descriptor, &settings) == 0 else { return nil }
        self.descriptor = descriptor
        saved = settings
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        _ = tcsetattr(descriptor, TCSANOW, &settings)
    }

    /// Puts the terminal back as it was.
    func restore() {
        var settings = saved
        _ = tcsetattr(descriptor, TCSANOW, &settings)
    }
}
