import Foundation
import HeraldCore

/// How a client gets a center going when no daemon answers: start `herald daemon --on-demand`
/// itself, or ask the supervisor that runs the center (the configuration file's `[daemon] start`;
/// docs/CONFIGURATION.md). With a supervisor set up, a client never starts a daemon of its own —
/// one without the supervisor's options, which the supervisor's restart would then find in its
/// place.
///
/// ```swift
/// switch CenterStart.choose(setting: settings.start, explicitCenter: false, herald: exe) {
/// case .daemon(let command): …           // [exe, "daemon", "--on-demand"]
/// case .supervisor(let command): …       // ["/usr/bin/env", "systemctl", "--user", "start", "herald.service"]
/// case .none(let reason): …
/// }
/// ```
public enum CenterStart: Sendable, Hashable {
    /// Spawn this command: the daemon itself (detached, its standard error in the log).
    case daemon([String])
    /// Run this command, which asks a supervisor to start the center and then exits; the client
    /// waits for the socket.
    case supervisor([String])
    /// Start nothing, for this reason.
    case none(String)

    /// The systemd user unit `scripts/install.sh --systemd` installs.
    public static let systemdService = "herald.service"
    /// Its socket unit (socket activation).
    public static let systemdSocket = "herald.socket"

    /// What to run. `explicitCenter`: the client was pointed at a center of its own (`--home`,
    /// `$HERALD_HOME`, `$HERALD_SOCKET`), which a systemd unit (serving the default center) does
    /// not serve. `herald`: the daemon command, when an executable was found.
    public static func choose(setting: DaemonSettings.Start, explicitCenter: Bool, herald: [String]?,
                              environment: [String: String]) -> CenterStart {
        func spawn() -> CenterStart {
            herald.map { .daemon($0) }
                ?? .none("no herald executable was found to start one (set HERALD_EXECUTABLE)")
        }
        switch setting {
        case .never:
            return .none("the configuration says [daemon] start = never")
        case .command(let command):
            return .supervisor(["/bin/sh", "-c", command])
        case .herald:
            return spawn()
        case .automatic:
            guard !explicitCenter, systemdSupervises(environment: environment) else { return spawn() }
            return .supervisor(["/usr/bin/env", "systemctl", "--user", "start", systemdService])
        }
    }

    /// Whether the user's systemd manager runs (`$XDG_RUNTIME_DIR/systemd/private` is there) and
    /// has `herald.service` or `herald.socket` enabled (a link in `default.target.wants` or
    /// `sockets.target.wants` of the user's or the system's unit directories).
    public static func systemdSupervises(environment: [String: String]) -> Bool {
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty,
              FileManager.default.fileExists(atPath: runtime + "/systemd/private") else { return false }
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        let directories = [configHome + "/systemd/user", "/etc/systemd/user"]
        let links = ["default.target.wants/" + systemdService, "sockets.target.wants/" + systemdSocket]
        // The link itself (not followed: its unit may live in a directory of its own).
        return directories.contains { directory in
            links.contains { (try? FileManager.default.attributesOfItem(atPath: directory + "/" + $0)) != nil }
        }
    }
}
