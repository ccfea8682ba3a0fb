import CNCurses

/// Restores the terminal immediately (`endwin` if curses is active).
enum CursesRestore {
    static func now() { herald_restore_terminal() }
}
