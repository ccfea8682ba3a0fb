/// What kind of client is connecting; it decides nothing on the server, but appears in logs and
/// tells the reader of a capture who is talking.
public enum ClientRole: String, Codable, Sendable, CaseIterable {
    /// A Swift process using `UNUserNotificationCenter` (`RemoteNotificationSystem`).
    case app
    /// A user interface (`RemoteCenterControl`).
    case ui
    /// A one-shot command (`herald post`, `herald push`, …).
    case cli
}

/// The first line a client sends:
/// `{"hello":{"protocol":1,"role":"app","bundleIdentifier":"com.example.app"}}`.
public struct ClientHello: Codable, Sendable, Hashable {
    public var protocolVersion: Int
    public var role: ClientRole
    /// The app a client speaks for, when it speaks for one (informational).
    public var bundleIdentifier: String?
    /// A free-form client name for logs, e.g. `herald post`.
    public var client: String?

    public init(role: ClientRole, bundleIdentifier: String? = nil, client: String? = nil,
                protocolVersion: Int = WireCoding.protocolVersion) {
        self.protocolVersion = protocolVersion
        self.role = role
        self.bundleIdentifier = bundleIdentifier
        self.client = client
    }

    enum CodingKeys: String, CodingKey {
        case protocolVersion = "protocol"
        case role, bundleIdentifier, client
    }
}

/// The server's answer to `hello`: `{"hello":{"protocol":1,"server":"herald","pid":4242}}`.
public struct ServerHello: Codable, Sendable, Hashable {
    public var protocolVersion: Int
    public var server: String
    public var pid: Int32

    public init(server: String, pid: Int32, protocolVersion: Int = WireCoding.protocolVersion) {
        self.protocolVersion = protocolVersion
        self.server = server
        self.pid = pid
    }

    enum CodingKeys: String, CodingKey {
        case protocolVersion = "protocol"
        case server, pid
    }
}
