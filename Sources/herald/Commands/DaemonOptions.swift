import Foundation
import HeraldBroker
import HeraldCore

/// What `herald daemon` runs with: the configuration file's `[daemon]` and `[broker]`
/// (`DaemonSettings`), each key overridden by its command-line option. `herald config` checks the
/// file through the same `resolve`, so what it calls fine is what the daemon starts with.
struct DaemonOptions {
    var prompt: DaemonSettings.PromptAnswer
    var rateLimit: Int
    var desktopNotifications: DaemonSettings.DesktopNotifications
    var broker: BrokerSettings?
    /// Started by a client because no daemon answered (`--on-demand`): hands the center over to
    /// a `herald daemon` started later by hand or by a supervisor.
    var onDemand: Bool

    /// The options' help (`herald daemon --help`), beside the broker's.
    static let help = """
      --prompt wait|allow|deny   how to answer prompts while no user interface is attached,
                            after a grace of 2 seconds; wait (the default) waits for one
                            ([daemon] prompt)
      --rate-limit N        posts one app may make a second, in bursts of 10 × N (default
                            50, bursts of 500), whichever door they come through: the socket
                            (`herald post`, apps), D-Bus Notify and the broker share one count
                            per app, and one D-Bus connection has the same limit whatever app
                            names it gives. Past it a post is refused with an error naming the
                            app (or connection) and the limit (rateLimited on the socket,
                            org.freedesktop.DBus.Error.LimitsExceeded to a D-Bus sender);
                            broker posts are held back to the rate instead (the broker keeps
                            the rest; one log line says so). 0 turns the limit off
                            ([daemon] rate-limit)
      --dbus | --no-dbus | --dbus-replace   serve org.freedesktop.Notifications (the
                            default), do not, or take it from the server holding it when that
                            server allows replacement — another herald daemon does; dunst and
                            mako do not, so stop them instead ([daemon] dbus = yes|no|replace)
      --on-demand           this daemon was started because a client found none (`herald` and
                            the posting commands start it so): it hands the center over to a
                            `herald daemon` started later by hand or by a supervisor
    """

    /// One line for the log: what this daemon runs with.
    var summary: String {
        let rate = rateLimit == 0 ? "no rate limit" : "rate limit \(rateLimit) a second (bursts of \(rateLimit * 10))"
        return "prompt \(prompt.rawValue), \(rate), dbus \(desktopNotifications.rawValue), "
            + "broker \(broker.map { "\($0.address)" } ?? "none")"
    }

    /// Reads the options over `file`'s settings (`$HERALD_BROKER` between the two for the broker).
    static func resolve(_ arguments: inout Arguments, file: DaemonSettings) throws -> DaemonOptions {
        var prompt = file.prompt
        if let given = try arguments.option("--prompt") {
            guard let answer = DaemonSettings.PromptAnswer(rawValue: given) else {
                throw UsageError("--prompt must be wait, allow or deny, not '\(given)'")
            }
            prompt = answer
        }
        let rate = try arguments.intOption("--rate-limit", in: 0...DaemonSettings.maximumRateLimit) ?? file.rateLimit
        let dbusChoices: [(String, DaemonSettings.DesktopNotifications)] = [("--dbus", .yes), ("--no-dbus", .no),
                                                                            ("--dbus-replace", .replace)]
        let chosen = dbusChoices.filter { arguments.flag($0.0) }
        guard chosen.count <= 1 else {
            throw UsageError("\(chosen.map(\.0).joined(separator: " and ")) cannot be used together")
        }
        let onDemand = arguments.flag("--on-demand")
        let broker = try BrokerOptions.parse(&arguments, fromEnvironment: true, configured: file.broker)
        return DaemonOptions(prompt: prompt, rateLimit: rate, desktopNotifications: chosen.first?.1 ?? file.desktopNotifications,
                             broker: broker, onDemand: onDemand)
    }

    /// The mistakes `herald daemon` would refuse to start with, given this configuration and no
    /// options: the file's own (`DaemonSettings.read`), else what resolving them finds (a
    /// password file that cannot be read, a broker URL that does not parse).
    static func mistakes(in configuration: UserConfiguration) -> [ConfigError] {
        guard configuration.daemonErrors.isEmpty else { return configuration.daemonErrors }
        var none = Arguments([])
        do {
            _ = try resolve(&none, file: configuration.daemon)
            return []
        } catch let error as ConfigError {
            return [error]
        } catch {
            return [ConfigError(line: 0, "\(error)")]   // from the environment ($HERALD_BROKER)
        }
    }
}
