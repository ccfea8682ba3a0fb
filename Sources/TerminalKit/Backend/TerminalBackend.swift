/// The terminal as the runtime sees it: a size, cells to draw, a cursor, input events, and the
/// bell. `CursesBackend` implements it with ncurses; `TestBackend` in memory.
///
/// A backend is used from one thread only (the UI loop's).
public protocol TerminalBackend: AnyObject {
    /// The screen size in cells.
    func size() -> (width: Int, height: Int)
    /// Draws changed cells (not yet visible until `flush`).
    func draw(_ changes: [CellChange])
    /// Shows the cursor at a cell, or hides it (`nil`).
    func setCursor(_ position: (x: Int, y: Int)?)
    /// Makes everything drawn visible.
    func flush()
    /// Forgets what is on screen (after a resize); the next draw is complete.
    func clear()
    /// Waits up to `timeoutMilliseconds` for a key, click or resize.
    func readEvent(timeoutMilliseconds: Int) -> TerminalEvent?
    /// Rings the bell.
    func bell()
    /// Flashes the screen (a visible bell).
    func flash()
    /// Gives the terminal back as it was (the backend is not used afterwards).
    func shutdown()
    /// Gives the terminal to another program (a pager) while `body` runs, then takes it back;
    /// the next frame is drawn in full.
    func suspend(_ body: () -> Void)
    /// How many colours the terminal shows (terminfo `colors`; 0 without colours). 2^24 means
    /// direct colour: 24-bit colours are drawn as they are.
    var colorCount: Int { get }
}
