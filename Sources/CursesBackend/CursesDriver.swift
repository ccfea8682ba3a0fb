import TerminalKit

extension TerminalDriver {
    /// The ncurses terminal (`CursesTerminal`), restored with `endwin` on an emergency exit.
    ///
    /// ```swift
    /// try await TerminalApp.run(center: engine, driver: .curses)
    /// ```
    public static let curses = TerminalDriver(
        open: { settings in try CursesTerminal(colors: settings.colors, mouse: settings.mouse, term: settings.term) },
        restoreNow: { CursesRestore.now() })
}
