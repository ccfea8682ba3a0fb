import Foundation
import HeraldCore

/// Everything needed to reach the broker: the address, the password (from a file or
/// `$HERALD_BROKER_PASSWORD`, never the command line) and the TLS files.
///
/// ```swift
/// let settings = try BrokerSettings.resolve(url: "mqtts://alice@broker:8883", passwordFile: "~/.herald-pw",
///                                           caFile: "ca.pem")
/// ```
public struct BrokerSettings: Sendable {
    public var address: BrokerAddress
    public var password: String?
    /// PEM file of the certificate authority that signed the broker's certificate (`mqtts://`).
    /// Without it the system's CAs (`/etc/ssl/certs`) are trusted.
    public var caFile: String?
    /// PEM client certificate and its key, for brokers that require one.
    public var certificateFile: String?
    public var keyFile: String?
    /// Seconds without traffic before a PINGREQ (MQTT's keepalive; 5 at least). A connection that
    /// brings no whole packet for `packetTimeout` is dropped and made again.
    public var keepAlive: Int32 = 30

    /// 4 × `keepAlive` (2 minutes): on a live connection a whole packet — the broker's PINGRESP,
    /// if nothing else — arrives at least every keepalive interval; a packet being read must
    /// arrive whole within this time (8 MiB, the largest post, at 70 KB/s).
    public var packetTimeout: TimeInterval { TimeInterval(keepAlive) * 4 }

    /// The environment variable read for the password when no file is given.
    public static let passwordVariable = "HERALD_BROKER_PASSWORD"
    /// The longest password file read (MQTT passwords are at most 65535 bytes).
    static let maximumPasswordBytes = 65535

    public init(address: BrokerAddress, password: String? = nil, caFile: String? = nil,
                certificateFile: String? = nil, keyFile: String? = nil) {
        self.address = address
        self.password = password
        self.caFile = caFile
        self.certificateFile = certificateFile
        self.keyFile = keyFile
    }

    /// Parses the URL, reads the password and checks the TLS files are readable.
    public static func resolve(url: String, passwordFile: String? = nil, caFile: String? = nil,
                               certificateFile: String? = nil, keyFile: String? = nil,
                               environment: [String: String] = ProcessInfo.processInfo.environment) throws -> BrokerSettings {
        let address = try BrokerAddress.parse(url)
        var password: String?
        if let passwordFile {
            password = try readPassword(passwordFile)
        } else if let variable = environment[passwordVariable], !variable.isEmpty {
            password = variable
        }
        if password != nil && address.user == nil {
            throw BrokerError.invalid("--broker: a password was given but the URL names no user (mqtt://USER@HOST)")
        }
        if !address.usesTLS && (caFile != nil || certificateFile != nil || keyFile != nil) {
            throw BrokerError.invalid("--broker-ca, --broker-cert and --broker-key need an mqtts:// URL")
        }
        if (certificateFile == nil) != (keyFile == nil) {
            throw BrokerError.invalid("--broker-cert and --broker-key go together")
        }
        for (option, path) in [("--broker-ca", caFile), ("--broker-cert", certificateFile), ("--broker-key", keyFile)] {
            if let path, !FileManager.default.isReadableFile(atPath: path) {
                throw BrokerError.invalid("\(option): cannot read \(path)")
            }
        }
        return BrokerSettings(address: address, password: password, caFile: caFile,
                              certificateFile: certificateFile, keyFile: keyFile)
    }

    /// The file's first line (a trailing newline is not part of the password).
    static func readPassword(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BrokerError.invalid("--broker-password-file: cannot read \(path)")
        }
        guard data.count <= maximumPasswordBytes else {
            throw BrokerError.invalid("--broker-password-file: \(path) is \(data.count) bytes; the limit is \(maximumPasswordBytes)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw BrokerError.invalid("--broker-password-file: \(path) is not UTF-8 text")
        }
        let password = ConfigFile.lines(text).first.map(String.init) ?? ""   // LF, CRLF or CR
        guard !password.isEmpty else { throw BrokerError.invalid("--broker-password-file: \(path) is empty") }
        return password
    }
}
