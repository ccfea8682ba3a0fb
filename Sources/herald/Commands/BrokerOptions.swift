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

    /// The keys of the configuration file's `[broker]` section, which `herald daemon` reads when
    /// neither `--broker` nor `$HERALD_BROKER` names a broker (docs/CONFIGURATION.md).
    static let configurationKeys = ["url", "password-file", "ca", "cert", "key"]

    /// The broker settings, or `nil` when no broker is named. `fromEnvironment` lets
    /// `$HERALD_BROKER` stand in for `--broker`; `configuration` (the daemon's) is the last
    /// resort: its `[broker]` section gives any value the command line and the environment leave
    /// out. A password is never read from the configuration file itself, only from the file it names.
    static func parse(_ arguments: inout Arguments, fromEnvironment: Bool = false,
                      configuration: ConfigFile? = nil) throws -> BrokerSettings? {
        // (The environment is read only when it can matter: building its dictionary is a
        // measurable part of a `herald post`.)
        let file = try configuration.map(configuredValues) ?? [:]
        let url = try arguments.option("--broker")
            ?? (fromEnvironment ? ProcessInfo.processInfo.environment[urlVariable].flatMap { $0.isEmpty ? nil : $0 } : nil)
            ?? file["url"]
        let passwordFile = try arguments.option("--broker-password-file") ?? file["password-file"]
        let caFile = try arguments.option("--broker-ca") ?? file["ca"]
        let certificateFile = try arguments.option("--broker-cert") ?? file["cert"]
        let keyFile = try arguments.option("--broker-key") ?? file["key"]
        guard let url else {
            if passwordFile != nil || caFile != nil || certificateFile != nil || keyFile != nil {
                throw UsageError("--broker-password-file, --broker-ca, --broker-cert and --broker-key need --broker URL")
            }
            return nil
        }
        do {
            return try BrokerSettings.resolve(url: url, passwordFile: passwordFile, caFile: caFile,
                                              certificateFile: certificateFile, keyFile: keyFile,
                                              environment: ProcessInfo.processInfo.environment)
        } catch let error as BrokerError {
            throw UsageError(error.description)
        }
    }

    /// The `[broker]` section's values; an unknown key is a usage error naming its line.
    static func configuredValues(_ configuration: ConfigFile) throws -> [String: String] {
        var values: [String: String] = [:]
        for section in configuration.sections(named: "broker") {
            for entry in section.entries {
                guard configurationKeys.contains(entry.key) else {
                    throw UsageError("configuration: " + entry.unknown(in: "broker", known: configurationKeys).description)
                }
                // Paths may start with ~/ (the shell does not expand them here).
                values[entry.key] = entry.key == "url" ? entry.value : (entry.value as NSString).expandingTildeInPath
            }
        }
        return values
    }

    /// This machine's device id (the sender level of its topics, the daemon's client id).
    static func device(_ location: CenterLocation) throws -> String {
        try location.home.create()
        return try BrokerDevice.identifier(in: location.home.url)
    }
}
