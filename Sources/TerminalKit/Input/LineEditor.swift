/// A one-line text editor over graphemes: cursor movement, insertion and deletion that never
/// split a grapheme, and a horizontal scroll that keeps the cursor visible for any width.
///
/// ```swift
/// var editor = LineEditor()
/// editor.handle(.char("日")); editor.handle(.char("本"))
/// editor.handle(.left); editor.handle(.backspace)
/// editor.text      // "本"
/// ```
public struct LineEditor: Sendable, Hashable {
    public private(set) var graphemes: [Character]
    /// Cursor position in graphemes (0…count).
    public private(set) var cursor: Int

    public init(_ text: String = "") {
        graphemes = Array(TerminalText.sanitize(text))
        cursor = graphemes.count
    }

    public var text: String { String(graphemes) }
    public var isEmpty: Bool { graphemes.isEmpty }

    /// Applies an editing key; returns `false` when the key is not an editing key.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .char(let c): insert(c)
        case .left, .ctrl("b"): cursor = max(0, cursor - 1)
        case .right, .ctrl("f"): cursor = min(graphemes.count, cursor + 1)
        case .home, .ctrl("a"): cursor = 0
        case .end, .ctrl("e"): cursor = graphemes.count
        case .backspace, .ctrl("h"):
            if cursor > 0 { graphemes.remove(at: cursor - 1); cursor -= 1 }
        case .delete, .ctrl("d"):
            if cursor < graphemes.count { graphemes.remove(at: cursor) }
        case .ctrl("u"):
            graphemes.removeFirst(cursor); cursor = 0
        case .ctrl("k"):
            graphemes.removeLast(graphemes.count - cursor)
        case .ctrl("w"):
            var start = cursor
            while start > 0 && graphemes[start - 1] == " " { start -= 1 }
            while start > 0 && graphemes[start - 1] != " " { start -= 1 }
            graphemes.removeSubrange(start..<cursor); cursor = start
        default: return false
        }
        return true
    }

    /// Inserts text at the cursor (sanitized; a scalar that extends the grapheme before the cursor
    /// joins it).
    public mutating func insert(_ character: Character) {
        let clean = TerminalText.sanitize(String(character))
        for c in clean {
            if cursor > 0 {
                // A scalar that extends the previous grapheme (combining mark, skin tone, ZWJ
                // sequence, second half of a flag) arrives on its own: merge them.
                let merged = String(graphemes[cursor - 1]) + String(c)
                if merged.count == 1 { graphemes[cursor - 1] = Character(merged); continue }
            }
            guard DisplayWidth.of(c) > 0 else { continue }   // a lone mark with nothing to join
            graphemes.insert(c, at: cursor)
            cursor += 1
        }
    }

    /// What to show in `width` columns: the visible text and the cursor's column within it.
    public func visible(width: Int) -> (text: String, cursorColumn: Int) {
        guard width > 0 else { return ("", 0) }
        let widths = graphemes.map { DisplayWidth.of($0) }
        let cursorX = widths[..<cursor].reduce(0, +)
        // Scroll so the cursor (and one column for it) fits.
        var start = 0
        var startX = 0
        while cursorX - startX > width - 1 && start < cursor {
            startX += widths[start]
            start += 1
        }
        var end = start
        var used = 0
        while end < graphemes.count && used + widths[end] <= width {
            used += widths[end]
            end += 1
        }
        return (String(graphemes[start..<end]), cursorX - startX)
    }
}
