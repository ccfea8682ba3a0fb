import TerminalKit

/// Text from a notification made safe for tmux: passed through the one sanitising gate
/// (`TerminalText.sanitize`), then escaped for what tmux itself reads in it.
///
/// ```swift
/// TmuxText.format("50% #1 done")      // "50% ##1 done" (shown as "50% #1 done")
/// TmuxText.argument("ls;")            // "ls\\;" (tmux reads a trailing ';' as a command separator)
/// ```
public enum TmuxText {
    /// One line of text for a place tmux expands as a format (`display-message`, the status
    /// line): sanitized, on one line, every `#` doubled so nothing in it is read as a format or
    /// a style, and safe as a command argument.
    public static func format(_ text: String) -> String {
        argument(TerminalText.sanitize(text).replacingOccurrences(of: "#", with: "##"))
    }

    /// An argument as tmux takes it from the command line: an argument ending in `;` would end
    /// the command there, so that `;` is escaped (tmux removes the backslash again).
    public static func argument(_ text: String) -> String {
        text.hasSuffix(";") ? String(text.dropLast()) + "\\;" : text
    }
}
