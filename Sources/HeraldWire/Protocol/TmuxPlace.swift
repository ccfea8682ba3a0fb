/// Where a client runs in tmux: the server's socket and the pane (`subscribe`'s `tmuxPane`).
///
/// ```swift
/// let place = TmuxPlace.current(environment: ["TMUX": "/tmp/tmux-1000/default,4242,0", "TMUX_PANE": "%3"])
/// // TmuxPlace(socket: "/tmp/tmux-1000/default", pane: "%3")
/// ```
public struct TmuxPlace: Codable, Sendable, Hashable {
    /// The tmux server's socket path.
    public var socket: String
    /// The pane id (`%3`).
    public var pane: String

    public init(socket: String, pane: String) {
        self.socket = socket
        self.pane = pane
    }

    /// The pane this process runs in, from `$TMUX` (`SOCKET,PID,SESSION`) and `$TMUX_PANE`;
    /// `nil` outside tmux.
    public static func current(environment: [String: String]) -> TmuxPlace? {
        guard let socket = socket(fromTMUX: environment["TMUX"]), let pane = environment["TMUX_PANE"],
              pane.hasPrefix("%") else { return nil }
        return TmuxPlace(socket: socket, pane: pane)
    }

    /// The server's socket path in a `$TMUX` value (`SOCKET,PID,SESSION`); `nil` when there is none.
    public static func socket(fromTMUX value: String?) -> String? {
        guard let value else { return nil }
        // The socket path may itself hold commas: the pid and session are the last two fields.
        var fields = value.split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count >= 3 else { return nil }
        fields.removeLast(2)
        let socket = fields.joined(separator: ",")
        return socket.hasPrefix("/") ? socket : nil
    }
}
