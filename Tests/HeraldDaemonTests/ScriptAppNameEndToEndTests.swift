import Foundation
import HeraldCore
import Testing
import TestSupport

/// A script that posts is shown by its file name: `backup.sh` and `sync.py` calling
/// `herald post` appear as "backup.sh" and "sync.py" in `herald apps` and the center, not
/// "Sh" and "Py".
extension EverydayCommandTests {   // (serialized with the other daemon-spawning tests)
    @Test func scriptsAreNamedByTheirFileNames() async throws {
        let daemon = try await DaemonFixture.start()
        defer { daemon.stopInBackground() }
        let scripts = try TemporaryDirectory("herald-script-name")
        defer { scripts.remove() }
        let shell = scripts.url.appendingPathComponent("backup.sh")
        try "#!/bin/sh\n\"$HERALD\" --home \"$HERALD_TEST_HOME\" post --title \"Backup done\"\n"
            .write(to: shell, atomically: true, encoding: .utf8)
        var programs: [(String, [String])] = [("/bin/sh", [shell.path])]
        if let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: FileManager.default.isExecutableFile) {
            let script = scripts.url.appendingPathComponent("sync.py")
            try """
            import os, subprocess
            subprocess.run([os.environ["HERALD"], "--home", os.environ["HERALD_TEST_HOME"], "post", "--title", "Synced"], check=True)
            """.write(to: script, atomically: true, encoding: .utf8)
            programs.append((python, [script.path]))
        }
        let environment = ["HERALD": BuiltProducts.path("herald"), "HERALD_TEST_HOME": daemon.home.path, "HERALD_NO_SPAWN": "1"]
        for (program, arguments) in programs {
            let result = try await runProgram(program, arguments, environment: environment,
                                              unsetting: ["HERALD_SOCKET", "HERALD_APP"])
            #expect(result.status == 0, "\(program): \(result.stderr)")
        }
        let apps = try await daemon.ui().apps()
        #expect(apps.first { $0.bundleIdentifier == "backup.sh" }?.displayName == "backup.sh")
        if programs.count > 1 {
            #expect(apps.first { $0.bundleIdentifier == "sync.py" }?.displayName == "sync.py")
        }
        let listing = try await daemon.run(["apps", "--json"]).stdout
        let items = try JSONSerialization.jsonObject(with: Data(listing.utf8)) as? [[String: Any]] ?? []
        #expect(items.first { $0["bundleIdentifier"] as? String == "backup.sh" }?["displayName"] as? String == "backup.sh",
                "\(listing)")
    }
}
