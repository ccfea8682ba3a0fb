import TerminalKit

/// The tmux user options the daemon keeps for status lines, so `status-right` needs no `#()`
/// polling: `@herald_unread` (unread notifications of every app, a number) and `@herald_focus`
/// (the Focus that is on, empty when none). Set as global options, then each client's status
/// line is redrawn (`refresh-client -S`).
///
/// ```swift
/// TmuxStatusOptions(unread: 3, focus: "Work").commands(clients: ["/dev/pts/4"])
/// // set-option -g @herald_unread 3 ; set-option -g @herald_focus Work ; refresh-client -S -t /dev/pts/4
/// ```
public struct TmuxStatusOptions: Sendable, Hashable {
    public var unread: Int
    /// The name of the Focus that is on; `nil` when none is.
    public var focus: String?

    public init(unread: Int, focus: String?) {
        self.unread = unread
        self.focus = focus
    }

    public static let unreadOption = "@herald_unread"
    public static let focusOption = "@herald_focus"

    /// The commands that set both options and redraw the status line of every client named.
    /// The Focus name is sanitized and its `#` doubled: the status line shows it as it is.
    public func commands(clients: [String]) -> [[String]] {
        var commands = [["set-option", "-g", Self.unreadOption, String(max(0, unread))],
                        ["set-option", "-g", Self.focusOption, TmuxText.format(focus ?? "")]]
        for client in clients { commands.append(["refresh-client", "-S", "-t", TmuxText.argument(client)]) }
        return commands
    }
}
