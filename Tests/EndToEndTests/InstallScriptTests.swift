import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// `scripts/install.sh`: puts `herald` on the PATH and, with --systemd, the user unit that runs
/// `herald daemon` from login (here with the test build instead of a release build, into a
/// temporary prefix, without systemctl).
@Suite struct InstallScriptTests {
    @Test func installsTheBinaryAndTheUnitsAndUninstallsThem() async throws {
        let root = try TemporaryDirectory("herald-install")
        defer { root.remove() }
        let script = BuiltProducts.packageRoot.appendingPathComponent("scripts/install.sh").path
        let prefix = root.url.appendingPathComponent("prefix").path
        let units = root.url.appendingPathComponent("units").path
        let services = root.url.appendingPathComponent("dbus").path
        let options = ["--binary", BuiltProducts.path("herald"), "--prefix", prefix, "--unit-dir", units,
                       "--dbus-dir", services, "--no-start"]
        let installed = try await runProgram("/bin/bash", [script, "--systemd"] + options)
        #expect(installed.status == 0, "\(installed.stderr)")
        let version = try await runProgram(prefix + "/bin/herald", ["--version"])
        #expect(version.stdout.hasPrefix("herald "))
        let unit = try String(contentsOfFile: units + "/herald.service", encoding: .utf8)
        #expect(unit.contains("ExecStart=\(prefix)/bin/herald daemon"))
        #expect(unit.contains("WantedBy=default.target"))
        let socket = try String(contentsOfFile: units + "/herald.socket", encoding: .utf8)
        #expect(socket.contains("ListenStream=%t/herald/herald.sock") && socket.contains("WantedBy=sockets.target"))
        let dbus = try String(contentsOfFile: services + "/org.freedesktop.Notifications.service", encoding: .utf8)
        #expect(dbus.contains("Name=org.freedesktop.Notifications"))
        #expect(dbus.contains("Exec=\(prefix)/bin/herald daemon --on-demand") && dbus.contains("SystemdService=herald.service"))
        // The demo's pictures, where the installed `herald demo` looks for them.
        #expect(FileManager.default.fileExists(atPath: prefix + "/share/herald/assets/jim@2x.png"))

        let removed = try await runProgram("/bin/bash", [script, "--uninstall", "--systemd"] + options)
        #expect(removed.status == 0, "\(removed.stderr)")
        for path in [prefix + "/bin/herald", units + "/herald.service", units + "/herald.socket",
                     services + "/org.freedesktop.Notifications.service"] {
            #expect(!FileManager.default.fileExists(atPath: path), "\(path) is still there")
        }
        #expect(!FileManager.default.fileExists(atPath: prefix + "/share/herald"))
    }

    /// With systemctl installed but no user manager answering it (a container, an ssh login
    /// without lingering), the units are installed and the command that starts them is printed:
    /// the install does not fail. The real systemctl, kept from any manager by the environment.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemctl")))
    func withoutAUserManagerTheInstallSaysHowToStartIt() async throws {
        let root = try TemporaryDirectory("herald-install")
        defer { root.remove() }
        let script = BuiltProducts.packageRoot.appendingPathComponent("scripts/install.sh").path
        let prefix = root.url.appendingPathComponent("prefix").path
        let units = root.url.appendingPathComponent("units").path
        let installed = try await runProgram("/bin/bash", [script, "--systemd", "--binary", BuiltProducts.path("herald"),
                                                           "--prefix", prefix, "--unit-dir", units,
                                                           "--dbus-dir", root.url.appendingPathComponent("dbus").path],
                                             unsetting: ["XDG_RUNTIME_DIR", "DBUS_SESSION_BUS_ADDRESS"])
        let stdout = installed.stdout
        #expect(installed.status == 0, "\(stdout)\(installed.stderr)")
        #expect(stdout.contains("start it with: systemctl --user daemon-reload && systemctl --user enable --now herald.socket herald.service"))
        #expect(FileManager.default.fileExists(atPath: units + "/herald.service"))
        #expect(FileManager.default.fileExists(atPath: units + "/herald.socket"))
    }
}
}
