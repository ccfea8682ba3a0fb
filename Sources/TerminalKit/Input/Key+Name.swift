/// Keys by name, as a configuration file writes them.
///
/// ```swift
/// Key(configName: "ctrl-q")   // .ctrl("q")
/// Key(configName: "X")        // .char("X")
/// ```
extension Key {
    /// A key as the configuration file names it: one character, or `tab`, `shift-tab`, `enter`,
    /// `esc`, `space`, `backspace`, `delete`, the arrows, `home`, `end`, `pgup`, `pgdn`,
    /// `f1`…`f12`, `ctrl-a`…`ctrl-z`.
    public init?(configName: String) {
        let name = configName.lowercased()
        if configName.count == 1, let c = configName.first { self = .char(c); return }
        switch name {
        case "tab": self = .tab
        case "shift-tab", "backtab": self = .backTab
        case "enter", "return": self = .enter
        case "esc", "escape": self = .escape
        case "space": self = .char(" ")
        case "backspace": self = .backspace
        case "delete", "del": self = .delete
        case "up": self = .up
        case "down": self = .down
        case "left": self = .left
        case "right": self = .right
        case "home": self = .home
        case "end": self = .end
        case "pgup", "pageup": self = .pageUp
        case "pgdn", "pagedown": self = .pageDown
        default:
            if name.hasPrefix("f"), let n = Int(name.dropFirst()), (1...12).contains(n) { self = .function(n); return }
            if name.hasPrefix("ctrl-"), name.count == 6, let c = name.last, c.isLetter { self = .ctrl(c); return }
            return nil
        }
    }
}
