/// An in-memory `TerminalBackend` for tests: it keeps the screen as a `Buffer`, counts what
/// was drawn, replays scripted input events, and lets a test decide what happens while the
/// loop sleeps (`onWait`: move a manual clock on, type a key).
///
/// ```swift
/// let backend = TestBackend(width: 80, height: 24)
/// backend.events = [.key(.char("j"))]
/// program.step()
/// #expect(backend.screen.lines[0].contains("Herald"))
/// backend.onWait = { timeout in clock.advance(by: Double(timeout ?? 0) / 1000) }
/// ```
public final class TestBackend: TerminalBackend {
    public private(set) var screen: Buffer
    public var width: Int
    public var height: Int
    /// Events `readEvent` hands out, first first.
    public var events: [TerminalEvent] = []
    /// Runs when the loop waits for input, with the wait's timeout in milliseconds (`nil`: no
    /// limit) — a test moves its clock on, types, or sends. Without it the wait returns at once.
    public var onWait: ((_ timeoutMilliseconds: Int?) -> Void)?
    /// The timeout of every wait for input so far, in order: one entry per time the loop slept.
    public private(set) var waits: [Int?] = []
    public private(set) var cursor: (x: Int, y: Int)?
    public private(set) var bells = 0
    public private(set) var flashes = 0
    public private(set) var flushes = 0
    /// Cells drawn by the last `draw` call, and by all calls.
    public private(set) var lastDrawCount = 0
    public private(set) var totalDrawCount = 0

    public init(width: Int = 80, height: Int = 24) {
        self.width = width
        self.height = height
        self.screen = Buffer(width: width, height: height)
    }

    public func size() -> (width: Int, height: Int) { (width, height) }

    public func draw(_ changes: [CellChange]) {
        if screen.area.width != width || screen.area.height != height { screen = Buffer(width: width, height: height) }
        for change in changes { screen.put(change.cell, x: change.x, y: change.y) }
        lastDrawCount = changes.count
        totalDrawCount += changes.count
    }

    public func setCursor(_ position: (x: Int, y: Int)?) { cursor = position }
    public func flush() { flushes += 1 }
    public func clear() { screen = Buffer(width: width, height: height) }
    public func waitForInput(wakeDescriptor: Int32, timeoutMilliseconds: Int?) {
        waits.append(timeoutMilliseconds)
        onWait?(timeoutMilliseconds)
    }
    public func readEvent() -> TerminalEvent? { events.isEmpty ? nil : events.removeFirst() }
    public func bell() { bells += 1 }
    public func flash() { flashes += 1 }
    public func shutdown() {}
    /// How many times the terminal was handed to another program.
    public private(set) var suspensions = 0
    public func suspend(_ body: () -> Void) {
        suspensions += 1
        body()
        clear()
    }
    /// The colour count it reports (256 unless a test says otherwise).
    public var colorCount = 256

    /// Changes the size and queues the resize event, as a terminal would.
    public func resize(width: Int, height: Int) {
        self.width = width
        self.height = height
        events.append(.resize(width: width, height: height))
    }
}
