import Foundation

/// Where the broker is and which topics are Herald's: parsed from a `--broker` URL,
/// `mqtt://[USER@]HOST[:PORT][/PREFIX]` or `mqtts://…` (TLS).
///
/// ```swift
/// let address = try BrokerAddress.parse("mqtts://alice@broker.example.org/herald/alice")
/// address.port      // 8883
/// address.prefix    // "herald/alice"
/// ```
public struct BrokerAddress: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int
    /// The user name sent to the broker (`USER@` in the URL), if any.
    public var user: String?
    /// `mqtts://`: TLS with a verified host name.
    public var usesTLS: Bool
    /// The topic prefix: the URL's path, else `herald/<user>` (the URL's user, else the login name).
    public var prefix: String

    /// Topic levels may not hold these (MQTT wildcards and the level separator are handled apart).
    static let maximumPrefixLength = 512

    /// Parses a `--broker` URL; `loginName` stands in for a user the URL does not name.
    public static func parse(_ text: String, loginName: String = BrokerAddress.loginName()) throws -> BrokerAddress {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw BrokerError.invalid("--broker: '\(text)' is not a URL; expected mqtt://[USER@]HOST[:PORT][/PREFIX] or mqtts://…")
        }
        guard scheme == "mqtt" || scheme == "mqtts" else {
            throw BrokerError.invalid("--broker: the scheme must be mqtt or mqtts, not '\(scheme)'")
        }
        guard let host = components.host, !host.isEmpty else {
            throw BrokerError.invalid("--broker: '\(text)' names no host")
        }
        if components.password != nil {
            throw BrokerError.invalid("--broker: the password must not be in the URL (it would show in ps and shell history); "
                                      + "use --broker-password-file FILE or $HERALD_BROKER_PASSWORD")
        }
        if components.query != nil || components.fragment != nil {
            throw BrokerError.invalid("--broker: '\(text)' has a query or fragment; only USER@HOST:PORT/PREFIX is read")
        }
        let usesTLS = scheme == "mqtts"
        let port = components.port ?? (usesTLS ? 8883 : 1883)
        guard (1...65535).contains(port) else { throw BrokerError.invalid("--broker: port \(port) is not in 1...65535") }
        let user = components.user.flatMap { $0.isEmpty ? nil : $0 }
        let path = components.path.split(separator: "/", omittingEmptySubsequences: false)
            .drop(while: \.isEmpty).map(String.init)
        var levels = Array(path)
        while levels.last?.isEmpty == true { levels.removeLast() }
        let prefix = levels.isEmpty ? "herald/\(user ?? loginName)" : levels.joined(separator: "/")
        try validatePrefix(prefix)
        return BrokerAddress(host: host, port: port, user: user, usesTLS: usesTLS, prefix: prefix)
    }

    /// A prefix is one or more non-empty topic levels without `+`, `#` or NUL, 512 bytes at most.
    static func validatePrefix(_ prefix: String) throws {
        guard prefix.utf8.count <= maximumPrefixLength else {
            throw BrokerError.invalid("--broker: the topic prefix is \(prefix.utf8.count) bytes; the limit is \(maximumPrefixLength)")
        }
        for level in prefix.split(separator: "/", omittingEmptySubsequences: false) {
            guard !level.isEmpty else { throw BrokerError.invalid("--broker: the topic prefix '\(prefix)' has an empty level") }
            if level.contains(where: { $0 == "+" || $0 == "#" || $0 == "\0" }) {
                throw BrokerError.invalid("--broker: the topic prefix '\(prefix)' may not contain + or #")
            }
        }
    }

    /// `$USER`, else the passwd entry's name, else `user`.
    public static func loginName() -> String {
        if let user = ProcessInfo.processInfo.environment["USER"], !user.isEmpty { return user }
        if let entry = getpwuid(getuid()), let name = entry.pointee.pw_name { return String(cString: name) }
        return "user"
    }

    /// `mqtts://alice@host:8883/herald/alice` (never a password).
    public var description: String {
        "\(usesTLS ? "mqtts" : "mqtt")://\(user.map { "\($0)@" } ?? "")\(host):\(port)/\(prefix)"
    }
}
