import Foundation
import DBusHarness

/// How a test's `herald daemon` is started (`DaemonFixture`): what follows `daemon`, what is
/// added to its environment, where its desktop-notifications door is, how it is told its state
/// directory, where it logs and how long it may take to answer.
///
/// The daemon always gets `HERALD_TMUX=off` and `HERALD_SOUND=bell` (it shows nothing in the
/// tester's tmux and plays nothing through the desktop's sound server) unless `environment`
/// says otherwise, and never inherits `HERALD_SOCKET` (its socket is HOME/herald.sock).
///
/// ```swift
/// DaemonOptions(["--prompt", "deny"])
/// DaemonOptions(["--broker", broker.url()], desktop: .bus(bus), environment: ["HERALD_TMUX": server])
/// ```
public struct DaemonOptions: Sendable {
    /// Where the daemon serves `org.freedesktop.Notifications`.
    public enum Desktop: Sendable {
        /// Nowhere (`--no-dbus`): a test never takes the desktop's notification name.
        case off
        /// On this private bus (a real dbus-daemon), and on no other.
        case bus(PrivateBus)
        /// As the daemon's configuration says (no option given): for tests of that configuration.
        case asConfigured
    }

    /// How the daemon learns its state directory.
    public enum HomeBy: Sendable {
        /// `herald --home HOME daemon …`.
        case argument
        /// `HERALD_HOME=HOME herald daemon …`, as a user's shell has it (the lock file then names
        /// the daemon `herald daemon`).
        case environment
    }

    /// The options after `daemon` (`--prompt deny`, `--broker URL`, `--rate-limit 0`).
    public var arguments: [String]
    /// Added to the daemon's environment (over the defaults above).
    public var environment: [String: String]
    /// Variables the daemon does not inherit from the test process.
    public var unsetting: [String]
    public var desktop: Desktop
    public var homeBy: HomeBy
    /// The file its standard output and error go to; `nil`: HOME/daemon.log.
    public var logPath: String?
    /// How long it may take to answer its first hello (a hand-over waits for the previous daemon).
    public var readyWithin: Double

    public init(_ arguments: [String] = [], environment: [String: String] = [:], unsetting: [String] = [],
                desktop: Desktop = .off, homeBy: HomeBy = .argument, logPath: String? = nil, readyWithin: Double = 30) {
        self.arguments = arguments
        self.environment = environment
        self.unsetting = unsetting
        self.desktop = desktop
        self.homeBy = homeBy
        self.logPath = logPath
        self.readyWithin = readyWithin
    }

    /// The daemon's options after `daemon`: `arguments`, and `--no-dbus` unless it has a desktop.
    var daemonArguments: [String] {
        if case .off = desktop { return arguments + ["--no-dbus"] }
        return arguments
    }

    /// What is added to the daemon's environment (over the test process's own).
    var addedEnvironment: [String: String] {
        var added = ["HERALD_TMUX": "off", "HERALD_SOUND": "bell"]
        if case .bus(let bus) = desktop { added.merge(bus.environment) { $1 } }
        return added.merging(environment) { $1 }
    }
}
