import Foundation
import HeraldCore
@testable import HeraldClient
import Testing
import TestSupport

/// How a client gets a center going when no daemon answers: itself (`herald daemon
/// --on-demand`), or through the supervisor the user set up — never a daemon of its own next to
/// a supervised one. The systemd case is read from real files: the user's unit directory with
/// its `*.wants` links, and the manager's private socket in the runtime directory.
@Suite struct CenterStartTests {
    /// A home with `~/.config/systemd/user` and a runtime directory, as a desktop login has.
    struct Login {
        let root: TemporaryDirectory
        var environment: [String: String] {
            ["HOME": root.path, "XDG_CONFIG_HOME": root.path + "/config", "XDG_RUNTIME_DIR": root.path + "/run"]
        }

        init() throws {
            root = try TemporaryDirectory("herald-login")
            try FileManager.default.createDirectory(atPath: root.path + "/run", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: root.path + "/config/systemd/user", withIntermediateDirectories: true)
        }

        /// `systemctl --user enable UNIT` leaves this link.
        func enable(_ unit: String, wantedBy target: String) throws {
            let wants = root.path + "/config/systemd/user/\(target).wants"
            try FileManager.default.createDirectory(atPath: wants, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: wants + "/" + unit,
                                                       withDestinationPath: root.path + "/config/systemd/user/" + unit)
        }

        /// The user's manager runs: its private socket is there.
        func startManager() throws {
            try FileManager.default.createDirectory(atPath: root.path + "/run/systemd", withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: root.path + "/run/systemd/private", contents: nil)
        }
    }

    static let herald = ["/usr/bin/herald", "daemon", "--on-demand"]
    static let systemctl = CenterStart.supervisor(["/usr/bin/env", "systemctl", "--user", "start", "herald.service"])

    @Test func withoutASupervisorTheClientStartsTheDaemonOnDemand() throws {
        let login = try Login()
        defer { login.root.remove() }
        #expect(CenterStart.choose(setting: .automatic, explicitCenter: false, herald: Self.herald,
                                   environment: login.environment) == .daemon(Self.herald))
        // Enabled, but no manager runs (a container, an ssh login without lingering).
        try login.enable("herald.service", wantedBy: "default.target")
        #expect(CenterStart.choose(setting: .automatic, explicitCenter: false, herald: Self.herald,
                                   environment: login.environment) == .daemon(Self.herald))
    }

    @Test(arguments: [("herald.service", "default.target"), ("herald.socket", "sockets.target")])
    func anEnabledSystemdUnitIsAskedInstead(unit: String, target: String) throws {
        let login = try Login()
        defer { login.root.remove() }
        try login.startManager()
        #expect(!CenterStart.systemdSupervises(environment: login.environment))   // running, nothing enabled
        try login.enable(unit, wantedBy: target)
        #expect(CenterStart.choose(setting: .automatic, explicitCenter: false, herald: Self.herald,
                                   environment: login.environment) == Self.systemctl)
        // Even with no herald executable at hand.
        #expect(CenterStart.choose(setting: .automatic, explicitCenter: false, herald: nil,
                                   environment: login.environment) == Self.systemctl)
        // The unit serves the default center, not one named by --home, HERALD_HOME or HERALD_SOCKET.
        #expect(CenterStart.choose(setting: .automatic, explicitCenter: true, herald: Self.herald,
                                   environment: login.environment) == .daemon(Self.herald))
    }

    @Test func theConfigurationDecidesOverDetection() throws {
        let login = try Login()
        defer { login.root.remove() }
        try login.startManager()
        try login.enable("herald.service", wantedBy: "default.target")
        let file = ConfigFile.parse("[daemon]\nstart = sv start herald\n")
        let setting = DaemonSettings.read(file).settings.start
        #expect(CenterStart.choose(setting: setting, explicitCenter: true, herald: Self.herald, environment: login.environment)
                == .supervisor(["/bin/sh", "-c", "sv start herald"]))
        #expect(CenterStart.choose(setting: .herald, explicitCenter: false, herald: Self.herald,
                                   environment: login.environment) == .daemon(Self.herald))
        guard case .none(let reason) = CenterStart.choose(setting: .never, explicitCenter: false, herald: Self.herald,
                                                          environment: login.environment) else {
            Issue.record("start = never started something")
            return
        }
        #expect(reason.contains("[daemon] start = never"))
    }
}
