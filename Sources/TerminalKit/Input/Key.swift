/// A key press, decoded by the backend.
///
/// ```swift
/// model.update(.key(.char("j")))
/// model.update(.key(.enter))
/// ```
public enum Key: Sendable, Hashable, CustomStringConvertible {
    /// A printable grapheme (letters, digits, CJK, emoji, space).
    case char(Character)
    /// Control plus a letter (`ctrl("a")` is 0x01).
    case ctrl(Character)
    case enter, escape, tab, backTab, backspace, delete
    case up, down, left, right, home, end, pageUp, pageDown
    case function(Int)

    public var description: String {
        switch self {
        case .char(" "): return "Space"
        case .char(let c): return String(c)
        case .ctrl(let c): return "Ctrl-\(c)"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .function(let n): return "F\(n)"
        }
    }
}
