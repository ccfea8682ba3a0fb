import CNCurses
import Glibc
import TerminalKit

/// The ncurses `TerminalBackend`: the only code that talks to the terminal.
///
/// Lifecycle (in this order): locale (`setlocale`, UTF-8 or `C.UTF-8`), `newterm`, `cbreak`,
/// `noecho`, `keypad`, `set_escdelay(25)`, colours with `use_default_colors` unless colours are
/// off, the mouse if asked, the resize watch. `shutdown()` (also run on crashes and `exit`)
/// calls `endwin`.
///
/// Input: `waitForInput` sleeps in one `poll` over the terminal's input, the resize watch (a
/// pipe SIGWINCH writes into, after ncurses' own handler ran) and the caller's wake descriptor.
/// `readEvent` reads with `wget_wch` only what has arrived: with bytes waiting it gives an escape
/// sequence or a character that has begun the escape delay to complete (`Esc` alone is `Esc`
/// after 25 ms); without, it takes what ncurses already holds (a key read ahead, `KEY_RESIZE`).
///
/// ```swift
/// let terminal = try CursesTerminal()
/// defer { terminal.shutdown() }
/// ```
public final class CursesTerminal: TerminalBackend {
    /// Why the terminal could not be set up.
    public struct SetupError: Error, CustomStringConvertible {
        public var description: String
    }

    private var screen: OpaquePointer?
    private var pairs: ColorPairs
    private var attributeCache: [TextAttributes: attr_t] = [:]
    private let maxChars = Int(herald_cchar_max())
    private var timeout: Int32 = -2
    private var isShutDown = false
    /// Where keys arrive (stdin, or the input stream given).
    private let inputDescriptor: Int32
    /// Readable after a SIGWINCH (-1 without a resize watch: a meter's screen, or no pipe).
    private var resizeDescriptor: Int32 = -1
    /// The input hung up (`POLLHUP`): `readEvent` says so once, and the input is not polled again.
    private var hungUp = false
    private var hangUpReported = false
    /// The input is a file at its end (`herald < /dev/null`): always readable, never a key. It is
    /// not polled again (the screen still follows the center).
    private var inputEnded = false
    /// Milliseconds ncurses waits for the rest of an escape sequence before it reads `Esc` alone.
    static let escapeDelay: Int32 = 25

    /// Sets the terminal up. Throws when there is no usable terminal (not a tty, unknown `TERM`).
    public convenience init(colors: Bool = true, mouse: Bool = true, term: String? = nil) throws {
        try self.init(colors: colors, mouse: mouse, term: term, streams: nil)
    }

    /// Output and input streams instead of stdout and stdin (`CursesByteMeter` draws into a file).
    package typealias Streams = (output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>)

    package init(colors: Bool, mouse: Bool, term: String?, streams: Streams?) throws {
        TerminalLocale.setUp()
        herald_install_crash_restore()
        func newterm(_ name: UnsafePointer<CChar>?) -> OpaquePointer? {
            guard let streams else { return herald_newterm(name) }
            return herald_newterm_on(name, streams.output, streams.input)
        }
        let screen: OpaquePointer? = term.map { name in name.withCString { newterm($0) } } ?? newterm(nil)
        guard let screen else {
            throw SetupError(description: "cannot start the terminal UI (is this a terminal? TERM=\(term ?? "unset"))")
        }
        self.screen = screen
        inputDescriptor = streams.map { fileno($0.input) } ?? STDIN_FILENO
        _ = set_term(screen)
        cbreak()
        noecho()
        nonl()
        let window = herald_stdscr()
        keypad(window, true)
        herald_set_escdelay(Self.escapeDelay)
        var useColors = false
        var defaultColors = false
        if colors && has_colors() {
            useColors = start_color() == herald_ok()
            defaultColors = use_default_colors() == herald_ok()
        }
        pairs = ColorPairs(enabled: useColors, defaultColors: defaultColors, colors: useColors ? Int(herald_colors()) : 0)
        if mouse {
            _ = mousemask(herald_button1_pressed() | herald_button1_clicked() | herald_button4_pressed()
                          | herald_button5_pressed(), nil)
            _ = mouseinterval(0)
        }
        _ = curs_set(0)
        werase(window)
        wnoutrefresh(window)
        doupdate()
        if streams == nil {
            Self.batchOutput()
            resizeDescriptor = herald_resize_watch_start()
        }
    }

    deinit { shutdown() }

    /// Until a screen has been suspended and resumed once, ncurses writes its output out after
    /// every cursor move: a full frame left in ~200 writes of a few bytes (one per row). One
    /// `endwin` and `doupdate` before anything is drawn leaves the screen as it was and every
    /// frame in one write (ncurses' buffer holds a screenful); the terminal's modes are those
    /// set above (`def_prog_mode`). And no check for typed keys every few rows (`typeahead`):
    /// a frame is drawn whole, the keys read right after it.
    private static func batchOutput() {
        _ = def_prog_mode()
        _ = endwin()
        doupdate()
        _ = typeahead(-1)
    }

    /// Restores the terminal (`endwin`); safe to call more than once.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        if resizeDescriptor >= 0 { herald_resize_watch_stop() }
        _ = curs_set(1)
        endwin()
        if let screen { delscreen(screen) }
        screen = nil
    }

    public func size() -> (width: Int, height: Int) { (Int(herald_cols()), Int(herald_lines())) }

    /// How many colours the terminal shows (terminfo `colors`; 0 with colours off). 2^24 means
    /// direct colour (`xterm-direct`): pictures are drawn in 24-bit colour.
    public var colorCount: Int { pairs.colors }

    /// Hands the terminal to another program (a pager) until `body` returns, then takes it back
    /// and redraws everything (`def_prog_mode`/`endwin`, then `reset_prog_mode`/`refresh`).
    public func suspend(_ body: () -> Void) {
        def_prog_mode()
        endwin()
        body()
        reset_prog_mode()
        clear()
        refresh()
    }

    func attributes(_ attrs: TextAttributes) -> attr_t {
        if let cached = attributeCache[attrs] { return cached }
        var value = herald_a_normal()
        if attrs.contains(.bold) { value |= herald_a_bold() }
        if attrs.contains(.dim) { value |= herald_a_dim() }
        if attrs.contains(.italic) { value |= herald_a_italic() }
        if attrs.contains(.underline) { value |= herald_a_underline() }
        if attrs.contains(.reverse) { value |= herald_a_reverse() }
        if attrs.contains(.blink) { value |= herald_a_blink() }
        attributeCache[attrs] = value
        return value
    }

    public func draw(_ changes: [CellChange]) {
        var chars: [wchar_t] = []
        chars.reserveCapacity(maxChars + 1)
        for change in changes {
            let pair = pairs.pair(for: change.cell.style)
            let attrs = attributes(change.cell.style.attributes)
            let glyph = CellGlyph(symbol: change.cell.symbol, width: change.cell.width, maxCharacters: maxChars,
                                  characterWidth: CellGlyph.ncursesWidth)
            for (offset, cell) in glyph.cells.enumerated() {
                chars.removeAll(keepingCapacity: true)
                for scalar in cell { chars.append(wchar_t(bitPattern: scalar.value)) }
                if chars.isEmpty { chars.append(wchar_t(32)) }
                chars.append(0)
                _ = chars.withUnsafeBufferPointer { buffer in
                    herald_put_cluster(Int32(change.y), Int32(change.x + offset), buffer.baseAddress,
                                       Int32(buffer.count - 1), attrs, pair)
                }
            }
        }
    }

    public func setCursor(_ position: (x: Int, y: Int)?) {
        if let position {
            _ = curs_set(1)
            wmove(herald_stdscr(), Int32(position.y), Int32(position.x))
        } else {
            _ = curs_set(0)
        }
    }

    public func flush() {
        wnoutrefresh(herald_stdscr())
        doupdate()
    }

    public func clear() {
        clearok(herald_stdscr(), true)
        werase(herald_stdscr())
    }

    public func waitForInput(wakeDescriptor: Int32, timeoutMilliseconds: Int?) {
        var watched = [pollfd(fd: hungUp || inputEnded ? -1 : inputDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: resizeDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        let timeout = timeoutMilliseconds.map { Int32(clamping: max(0, $0)) } ?? -1
        guard poll(&watched, nfds_t(watched.count), timeout) > 0 else { return }   // timed out, or a signal
        if watched[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { hungUp = true }
        if watched[1].revents != 0 {
            herald_resize_watch_drain()
            // ncurses takes the new size in doupdate and queues KEY_RESIZE for `readEvent`.
            doupdate()
        }
    }

    public func readEvent() -> TerminalEvent? {
        if hungUp {
            guard !hangUpReported else { return nil }
            hangUpReported = true
            return .hangUp
        }
        // Bytes waiting in the terminal: a character or escape sequence they begin is waited for
        // (the escape delay); none: only what ncurses holds already (a key read ahead, a resize).
        let waiting = !inputEnded && inputIsWaiting()
        let wanted = waiting ? Self.escapeDelay : 0
        if wanted != timeout {
            wtimeout(herald_stdscr(), wanted)
            timeout = wanted
        }
        var first = true
        while true {
            var value: wint_t = 0
            let result = wget_wch(herald_stdscr(), &value)
            let event: TerminalEvent?
            if result == herald_key_code_yes() {
                event = KeyDecoder.functionKey(Int32(bitPattern: value))
            } else if result == herald_ok() {
                event = KeyDecoder.character(UInt32(value))
            } else {
                // Readable, yet nothing read: a file at its end (a terminal hangs up instead).
                if waiting && first && isatty(inputDescriptor) == 0 { inputEnded = true }
                return nil
            }
            first = false
            // A key Herald has no use for is skipped, not taken for the end of the input.
            if let event { return event }
        }
    }

    /// Whether the terminal's input has bytes to read.
    private func inputIsWaiting() -> Bool {
        var input = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&input, 1, 0) > 0 && input.revents & Int16(POLLIN) != 0
    }

    public func bell() { beep() }
    public func flash() { _ = CNCurses.flash() }
}
