import Foundation
import HeraldBroker
import HeraldCore
import HeraldStore

/// `--broker URL` and its companions, read the same way by `herald daemon`, `herald post` and
/// `herald push`.
enum BrokerOptions {
    /// The environment variable `herald daemon` reads when `--broker` is not given.
    static let urlVariable = "HERALD_BROKER"

    /// The options' help, shared by the three commands.
    static let help = """
      --broker URL     mqtt://[USER@]HOST[:PORT][/PREFIX] or mqtts://… (TLS); the topic prefix
                       defaults to herald/USER (docs/BROKER.md)
      --broker-password-file FILE   the password (first line of FILE); else $HERALD_BROKER_PASSWORD.
                       Never on the command line.
      --broker-ca FILE   PEM CA certificate the broker's certificate is checked against
                       (default: the system's CAs); the host name is always verified
      --broker-cert FILE --broker-key FILE   a client certificate and its key
    """

    /// The broker settings, or `nil` when no broker is named. `fromEnvironment` lets
    /// `$HERALD_BROKER` stand in for `--broker`; `configured` (the daemon's `[broker]` values,
    /// `DaemonSettings.broker`) is the last resort: it gives any value the command line and the
    /// environment leave out. A password is never read from the configuration file itself, only
    /// from the file it names. A mistake in a value from the file is a `ConfigError` naming its
    /// line; other mistakes are `UsageError`s.
    static func parse(_ arguments: inout Arguments, fromEnvironment: Bool = false,
                      configured: [String: DaemonSettings.Value] = [:]) throws -> BrokerSettings? {
        // (The environment is read only when it can matter: building its dictionary is a
        // measurable part of a `herald post`.)
        let givenURL = try arguments.option("--broker")
            ?? (fromEnvironment ? ProcessInfo.processInfo.environment[urlVariable].flatMap { $0.isEmpty ? nil : $0 } : nil)
        let givenPasswordFile = try arguments.option("--broker-password-file"), givenCA = try arguments.option("--broker-ca")
        let givenCertificate = try arguments.option("--broker-cert"), givenKey = try arguments.option("--broker-key")
        /// The command line's value for a `[broker]` key (no dictionary: a `herald post` builds none).
        func given(_ key: String) -> String? {
            switch key {
            case "url": givenURL
            case "password-file": givenPasswordFile
            case "ca": givenCA
            case "cert": givenCertificate
            case "key": givenKey
            default: nil
            }
        }
        // Paths in the file may start with ~/ (no shell expands them there).
        func value(_ key: String) -> String? {
            given(key) ?? configured[key].map { key == "url" ? $0.text : ($0.text as NSString).expandingTildeInPath }
        }
        let passwordFile = value("password-file"), caFile = value("ca"), certificateFile = value("cert"), keyFile = value("key")
        guard let url = value("url") else {
            if passwordFile != nil || caFile != nil || certificateFile != nil || keyFile != nil {
                throw UsageError("--broker-password-file, --broker-ca, --broker-cert and --broker-key need --broker URL"
                                 + (configured.isEmpty ? "" : " (or url in the configuration file's [broker])"))
            }
            return nil
        }
        do {
            return try BrokerSettings.resolve(url: url, passwordFile: passwordFile, caFile: caFile,
                                              certificateFile: certificateFile, keyFile: keyFile,
                                              environment: ProcessInfo.processInfo.environment)
        } catch let error as BrokerError {
            // A value from the file is named by its line (the first, when several are).
            let lines = configured.compactMap { key, value in given(key) == nil ? value.line : nil }
            guard let line = lines.min() else { throw UsageError(error.description) }
            throw ConfigError(line: line, "[broker]: \(error.description)")
        }
    }

    /// This machine's device id (the sender level of its topics, the daemon's client id).
    static func device(_ location: CenterLocation) throws -> String {
        try location.home.create()
        return try BrokerDevice.identifier(in: location.home.url)
    }
}
