import CNCurses
import CursesBackend
import Glibc
import TerminalKit

/// The bytes the ncurses backend sends to a terminal for the frames it draws: a `CursesTerminal`
/// that writes into a scratch file instead of the terminal, so the figures are ncurses' own
/// output (its cursor motion, attribute changes, line scrolling), not an estimate.
///
/// ncurses has one current screen per process: use one meter at a time, on one thread, in a
/// process that does not also run the terminal UI (`herald-bench`).
///
/// ```swift
/// let meter = try CursesByteMeter(width: 200, height: 60)
/// _ = meter.bytes(for: Buffer(area: .zero).diff(before))   // what is on the screen
/// let update = meter.bytes(for: before.diff(after))        // the frame that changes it
/// meter.clear()
/// let redraw = meter.bytes(for: Buffer(area: .zero).diff(after))   // as after a resize
/// ```
public final class CursesByteMeter {
    /// Why the meter could not start.
    public struct SetupError: Error, CustomStringConvertible {
        public var description: String
    }

    private let output: UnsafeMutablePointer<FILE>
    private let input: UnsafeMutablePointer<FILE>
    private let terminal: CursesTerminal
    private var written = 0

    /// A `width`×`height` screen of terminal type `term` (with colours, without the mouse).
    public init(width: Int, height: Int, term: String = "xterm-256color") throws {
        guard let output = tmpfile() else { throw SetupError(description: "no scratch file for the terminal output") }
        guard let input = fopen("/dev/null", "r") else {
            fclose(output)
            throw SetupError(description: "cannot open /dev/null")
        }
        do {
            terminal = try CursesTerminal(colors: true, mouse: false, term: term, streams: (output, input))
        } catch {
            fclose(output)
            fclose(input)
            throw error
        }
        self.output = output
        self.input = input
        _ = resizeterm(Int32(height), Int32(width))
        written = fileSize()
    }

    deinit {
        terminal.shutdown()
        fclose(output)
        fclose(input)
    }

    /// Draws `changes`, flushes, and returns the bytes ncurses wrote for them.
    public func bytes(for changes: [CellChange]) -> Int {
        terminal.draw(changes)
        terminal.flush()
        let size = fileSize()
        defer { written = size }
        return size - written
    }

    /// Forgets what is on the screen, as the UI does after a resize: the next frame is a full
    /// redraw (the screen is cleared first).
    public func clear() { terminal.clear() }

    private func fileSize() -> Int {
        fflush(output)
        var status = stat()
        guard fstat(fileno(output), &status) == 0 else { return written }
        return Int(status.st_size)
    }
}
