/// The terminal as the runtime sees it: a size, cells to draw, a cursor, input events, and the
/// bell. `CursesBackend` implements it with ncurses; `TestBackend` in memory.
///
/// The runtime sleeps in `waitForInput` until the terminal has input, another thread wakes it,
/// or its next timer is due; then it takes every event that is ready with `readEvent`:
///
/// ```swift
/// backend.waitForInput(wakeDescriptor: inbox.wakeDescriptor, timeoutMilliseconds: 60_000)
/// while let event = backend.readEvent() { … }
/// ```
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
    /// Sleeps until the terminal has input for `readEvent` (a key, a click, a resize, a hang-up),
    /// `wakeDescriptor` is readable (-1: none; its owner empties it), or `timeoutMilliseconds`
    /// have passed (`nil`: no limit). Returns at once when input is waiting.
    func waitForInput(wakeDescriptor: Int32, timeoutMilliseconds: Int?)
    /// The next event that is ready, without waiting for input that has not begun to arrive
    /// (`nil`: none). An escape sequence that has begun is completed first, or read as `Esc`
    /// alone once the terminal's escape delay has passed.
    func readEvent() -> TerminalEvent?
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
