import TerminalKit

/// Keys typed into a popup before it takes them, passed on to the pane it covers with
/// `send-keys`: printable text as it is (`-l`), the rest by tmux's key names.
///
/// ```swift
/// TmuxKeys.commands(typing: [.char("w"), .char("q"), .enter], into: "%3")
/// // [["send-keys", "-t", "%3", "-l", "wq"], ["send-keys", "-t", "%3", "Enter"]]
/// ```
public enum TmuxKeys {
    /// The `send-keys` commands that type `keys` into `pane`, in order.
    public static func commands(typing keys: [Key], into pane: String) -> [[String]] {
        var commands: [[String]] = []
        var text = ""
        func flushText() {
            guard !text.isEmpty else { return }
            commands.append(["send-keys", "-t", pane, "-l", TmuxText.argument(text)])
            text = ""
        }
        for key in keys {
            if case .char(let character) = key {
                text.append(character)
                continue
            }
            flushText()
            commands.append(["send-keys", "-t", pane, name(of: key)])
        }
        flushText()
        return commands
    }

    /// tmux's name for a key that is not printable text.
    static func name(of key: Key) -> String {
        switch key {
        case .char(let character): return String(character)
        case .ctrl(let letter): return "C-" + String(letter).lowercased()
        case .enter: return "Enter"
        case .escape: return "Escape"
        case .tab: return "Tab"
        case .backTab: return "BTab"
        case .backspace: return "BSpace"
        case .delete: return "DC"
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PPage"
        case .pageDown: return "NPage"
        case .function(let number): return "F\(number)"
        }
    }
}
