/// Which notification sequence the terminal understands, guessed from what the environment
/// tells — the same over `ssh`, which passes `TERM` on (and iTerm2's `LC_TERMINAL`) — and,
/// inside tmux, from what tmux says of its client terminal (`#{client_termtype}`, from the
/// terminal's own answer to XTVERSION, and `#{client_termname}`).
///
/// | Terminal | Found by | Sequence |
/// |---|---|---|
/// | kitty | `KITTY_WINDOW_ID`, `TERM=xterm-kitty` | OSC 99 |
/// | iTerm2 | `TERM_PROGRAM=iTerm.app`, `LC_TERMINAL=iTerm2` | OSC 9 |
/// | Windows Terminal | `WT_SESSION` | OSC 9 |
/// | WezTerm, Ghostty, foot, urxvt, VTE | `TERM_PROGRAM`, `TERM`, `VTE_VERSION` | OSC 777 |
/// | anything else | | OSC 9 (the most widely understood; others ignore it) |
///
/// ```swift
/// TerminalNotification.Kind.detect(environment: ["TERM": "foot"])   // .osc777
/// ```
extension TerminalNotification.Kind {
    public static func detect(environment: [String: String], tmuxClient: String? = nil) -> TerminalNotification.Kind {
        let client = (tmuxClient ?? "").lowercased()
        let inTmux = environment["TMUX"].map { !$0.isEmpty } ?? false
        // In tmux the environment is the tmux server's (of whichever terminal started it):
        // tmux's word on the client comes first.
        if let kind = fromName(client) { return kind }
        let term = (environment["TERM"] ?? "").lowercased()
        let program = (environment["TERM_PROGRAM"] ?? "").lowercased()
        if !inTmux, environment["KITTY_WINDOW_ID"] != nil { return .osc99 }
        if environment["LC_TERMINAL"] == "iTerm2" { return .osc9 }
        if let kind = fromName(program) ?? fromName(term) { return kind }
        if !inTmux, environment["WT_SESSION"] != nil { return .osc9 }
        if !inTmux, environment["VTE_VERSION"] != nil { return .osc777 }
        return .osc9
    }

    /// A terminal's name (a `TERM`, a `TERM_PROGRAM`, tmux's `client_termtype`) → its sequence.
    static func fromName(_ name: String) -> TerminalNotification.Kind? {
        if name.isEmpty { return nil }
        if name.contains("kitty") { return .osc99 }
        if name.hasPrefix("iterm") { return .osc9 }
        for prefix in ["wezterm", "ghostty", "xterm-ghostty", "foot", "rxvt-unicode", "urxvt"] where name.hasPrefix(prefix) {
            return .osc777
        }
        return nil
    }
}
