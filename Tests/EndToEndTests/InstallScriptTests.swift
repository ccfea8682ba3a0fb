import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// `scripts/install.sh`: puts `herald` on the PATH and, with --systemd, the user unit that runs
/// `herald daemon` from login (here with the test build instead of a release build, into a
/// temporary prefix, without systemctl).
@Suite struct InstallScriptTests {
    @Test func installsTheBinaryAndTheUnitAndUninstallsThem() throws {
        let root = try TemporaryDirectory("herald-install")
        defer { root.remove() }
        let script = BuiltProducts.packageRoot.appendingPathComponent("scripts/install.sh").path
        let prefix = root.url.appendingPathComponent("prefix").path
        let units = root.url.appendingPathComponent("units").path
        let options = ["--binary", BuiltProducts.path("herald"), "--prefix", prefix, "--unit-dir", units, "--no-start"]
        let installed = try ProcessRunner.runSeparately("/bin/bash", [script, "--systemd"] + options)
        #expect(installed.status == 0, "\(installed.stderr)")
        let version = try ProcessRunner.runSeparately(prefix + "/bin/herald", ["--version"])
        #expect(version.stdout.hasPrefix("herald "))
        let unit = try String(contentsOfFile: units + "/herald.service", encoding: .utf8)
        #expect(unit.contains("ExecStart=\(prefix)/bin/herald daemon"))
        #expect(unit.contains("WantedBy=default.target"))
        // The demo's pictures, where the installed `herald demo` looks for them.
        #expect(FileManager.default.fileExists(atPath: prefix + "/share/herald/assets/jim@2x.png"))

        let removed = try ProcessRunner.runSeparately("/bin/bash", [script, "--uninstall", "--systemd"] + options)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: prefix + "/bin/herald"))
        #expect(!FileManager.default.fileExists(atPath: units + "/herald.service"))
        #expect(!FileManager.default.fileExists(atPath: prefix + "/share/herald"))
    }
}
}
