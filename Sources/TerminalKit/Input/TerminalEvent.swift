/// What a `TerminalBackend` reads: a key, a mouse click, a new size, or the end of the terminal.
public enum TerminalEvent: Sendable, Hashable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(width: Int, height: Int)
    /// The terminal is gone (its input hung up or closed): the program ends.
    case hangUp
}

/// A mouse click at a cell (zero-based column and row).
public struct MouseEvent: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case click, scrollUp, scrollDown }
    public var x: Int
    public var y: Int
    public var kind: Kind
    public init(x: Int, y: Int, kind: Kind = .click) {
        self.x = x
        self.y = y
        self.kind = kind
    }
}
