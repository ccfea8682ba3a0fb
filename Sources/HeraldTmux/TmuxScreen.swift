/// What a tmux server's clients show: each attached client (which session, which pane is
/// active, when the user last touched it) and where every pane is. Read with one `tmux` call
/// before each banner, so it is never stale.
///
/// ```swift
/// if let screen = TmuxScreen.read(from: server), let client = screen.activeClient,
///    !screen.isVisible(pane: "%3", on: client) { … }
/// ```
public struct TmuxScreen: Sendable, Hashable {
    /// An attached client.
    public struct Client: Sendable, Hashable {
        /// `client_name` (its terminal), what `-c` takes.
        public var name: String
        /// When the user last pressed a key in it (`client_activity`, seconds).
        public var activity: Int
        public var sessionID: String
        /// The active pane of its current window.
        public var paneID: String
        public var width: Int
        public var height: Int
        /// A control-mode client (iTerm2's `tmux -CC`) draws no popups.
        public var isControlMode: Bool
        /// A read-only client cannot answer a popup.
        public var isReadOnly: Bool
    }

    /// A pane, once for every session its window is linked into.
    public struct Pane: Sendable, Hashable {
        public var id: String
        public var sessionID: String
        /// Its window is the session's current window.
        public var isInCurrentWindow: Bool
        /// Its window has a zoomed pane.
        public var isWindowZoomed: Bool
        /// It is its window's active pane.
        public var isActive: Bool
    }

    public var clients: [Client]
    public var panes: [Pane]

    public init(clients: [Client], panes: [Pane]) {
        self.clients = clients
        self.panes = panes
    }

    /// The commands whose output `parse` reads.
    static let commands: [[String]] = [
        ["list-clients", "-F", "client\t#{client_name}\t#{client_activity}\t#{session_id}\t#{pane_id}\t#{client_width}"
            + "\t#{client_height}\t#{client_control_mode}\t#{client_readonly}"],
        ["list-panes", "-a", "-F", "pane\t#{pane_id}\t#{session_id}\t#{window_active}\t#{window_zoomed_flag}\t#{pane_active}"],
    ]

    /// The clients and panes of `server` now; `nil` when it does not answer.
    public static func read(from server: TmuxServer) -> TmuxScreen? {
        guard server.isUp, let result = server.run(commands), result.status == 0 else { return nil }
        return parse(result.output)
    }

    /// Reads the output of `commands`.
    static func parse(_ output: String) -> TmuxScreen {
        var screen = TmuxScreen(clients: [], panes: [])
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch fields.first {
            case "client" where fields.count == 9:
                screen.clients.append(Client(name: fields[1], activity: Int(fields[2]) ?? 0, sessionID: fields[3],
                                             paneID: fields[4], width: Int(fields[5]) ?? 80, height: Int(fields[6]) ?? 24,
                                             isControlMode: fields[7] == "1", isReadOnly: fields[8] == "1"))
            case "pane" where fields.count == 6:
                screen.panes.append(Pane(id: fields[1], sessionID: fields[2], isInCurrentWindow: fields[3] == "1",
                                         isWindowZoomed: fields[4] == "1", isActive: fields[5] == "1"))
            default:
                continue
            }
        }
        return screen
    }

    /// The client the user touched last, of those that can show and answer a popup.
    public var activeClient: Client? {
        clients.filter { !$0.isControlMode && !$0.isReadOnly }.max { $0.activity < $1.activity }
    }

    /// Whether pane `id` is on `client`'s screen: in the current window of the client's session,
    /// and not hidden behind another pane zoomed in that window.
    public func isVisible(pane id: String, on client: Client) -> Bool {
        panes.contains { pane in
            pane.id == id && pane.sessionID == client.sessionID && pane.isInCurrentWindow
                && (!pane.isWindowZoomed || pane.isActive)
        }
    }
}
