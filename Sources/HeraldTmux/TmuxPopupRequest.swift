import HeraldCore

/// The `display-popup` command that shows one banner on a client: `herald popup ID` running in
/// a borderless popup (the banner draws its own border) of the configured width and the height
/// the banner needs, placed as `[tmux] position` says. Keys typed before the popup takes them
/// go on to `--pane`, the pane it covers; `--shown` names the file the popup creates once it
/// runs (tmux refuses a popup silently while the client shows another, or a menu).
///
/// ```swift
/// let request = TmuxPopupRequest(client: client, deliveryID: 7, width: 60, height: 7, position: .topRight,
///                                herald: "/usr/bin/herald", environment: ["HERALD_SOCKET": socket],
///                                shownMarker: "/run/user/1000/herald/popup-7")
/// server.runUntilDone([request.command])
/// ```
public struct TmuxPopupRequest: Sendable, Hashable {
    public var client: TmuxScreen.Client
    public var deliveryID: Int64
    /// Columns and rows, before fitting the client.
    public var width: Int
    public var height: Int
    public var position: TmuxSettings.Position
    /// The `herald` program the popup runs.
    public var herald: String
    /// Set in the popup (`-e`): where the center is, which configuration file.
    public var environment: [String: String]
    public var shownMarker: String

    public init(client: TmuxScreen.Client, deliveryID: Int64, width: Int, height: Int,
                position: TmuxSettings.Position, herald: String, environment: [String: String], shownMarker: String) {
        self.client = client
        self.deliveryID = deliveryID
        self.width = width
        self.height = height
        self.position = position
        self.herald = herald
        self.environment = environment
        self.shownMarker = shownMarker
    }

    /// The popup's size on this client: never wider than it, nor taller than it less its status line.
    public var fittedSize: (width: Int, height: Int) {
        (max(10, min(width, client.width)), max(3, min(height, client.height - 1)))
    }

    /// `-x` and `-y` for the position (tmux's `R` right, `C` centre, `S` by the status line;
    /// `-y 0` the top).
    var coordinates: (x: String, y: String) {
        switch position {
        case .topRight: return ("R", "0")
        case .top: return ("C", "0")
        case .center: return ("C", "C")
        case .bottomRight: return ("R", "S")
        case .bottom: return ("C", "S")
        }
    }

    /// The `display-popup` command.
    public var command: [String] {
        let (width, height) = fittedSize
        var command = ["display-popup", "-B", "-E", "-c", client.name, "-t", client.paneID,
                       "-w", String(width), "-h", String(height), "-x", coordinates.x, "-y", coordinates.y]
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) { command += ["-e", key + "=" + value] }
        command += [herald, "popup", String(deliveryID), "--pane", client.paneID, "--shown", shownMarker]
        return command.map(TmuxText.argument)
    }
}
