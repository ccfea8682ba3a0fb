import Foundation
import HeraldBroker
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
    /// `$HERALD_BROKER` stand in for `--broker`.
    static func parse(_ arguments: inout Arguments, fromEnvironment: Bool = false) throws -> BrokerSettings? {
        let environment = ProcessInfo.processInfo.environment
        let url = try arguments.option("--broker") ?? (fromEnvironment ? environment[urlVariable].flatMap { $0.isEmpty ? nil : $0 } : nil)
        let passwordFile = try arguments.option("--broker-password-file")
        let caFile = try arguments.option("--broker-ca")
        let certificateFile = try arguments.option("--broker-cert")
        let keyFile = try arguments.option("--broker-key")
        guard let url else {
            if passwordFile != nil || caFile != nil || certificateFile != nil || keyFile != nil {
                throw UsageError("--broker-password-file, --broker-ca, --broker-cert and --broker-key need --broker URL")
            }
            return nil
        }
        do {
            return try BrokerSettings.resolve(url: url, passwordFile: passwordFile, caFile: caFile,
                                              certificateFile: certificateFile, keyFile: keyFile, environment: environment)
        } catch let error as BrokerError {
            throw UsageError(error.description)
        }
    }

    /// This machine's device id (the sender level of its topics, the daemon's client id).
    static func device(_ location: CenterLocation) throws -> String {
        try location.home.create()
        return try BrokerDevice.identifier(in: location.home.url)
    }
}
