/// How a program gets a real terminal: opening a `TerminalBackend` (on the thread that will use
/// it) and restoring the terminal at once when the program must exit without its usual
/// clean-up (a second Ctrl-C). `CursesBackend` provides `.curses`.
///
/// ```swift
/// let backend = try TerminalDriver.curses.open(TerminalDriver.Settings(colors: true))
/// ```
public struct TerminalDriver: Sendable {
    /// What a terminal is opened with.
    public struct Settings: Sendable, Hashable {
        /// Colours (off for `NO_COLOR`).
        public var colors: Bool
        /// Report mouse clicks (buttons, rows).
        public var mouse: Bool
        /// The terminal type; `nil` reads `TERM`.
        public var term: String?

        public init(colors: Bool = true, mouse: Bool = true, term: String? = nil) {
            self.colors = colors
            self.mouse = mouse
            self.term = term
        }
    }

    /// Sets the terminal up; throws when there is no usable terminal.
    public var open: @Sendable (Settings) throws -> any TerminalBackend
    /// Restores the terminal immediately, from any thread.
    public var restoreNow: @Sendable () -> Void

    public init(open: @escaping @Sendable (Settings) throws -> any TerminalBackend,
                restoreNow: @escaping @Sendable () -> Void) {
        self.open = open
        self.restoreNow = restoreNow
    }
}
