import Foundation
import Testing
import TestSupport

/// `--app` naming an app the center has never known exits with status 3 and says so, for the
/// read commands too (`history`, `pending`), not an empty list with status 0.
extension EverydayCommandTests {   // (serialized with the other daemon-spawning tests)
    @Test func historyAndPendingRefuseAnUnknownApp() async throws {
        let daemon = try await DaemonFixture.start()
        defer { daemon.stopInBackground() }
        #expect(try await daemon.run(["post", "--new-app", "ci", "--title", "Build passed"]).status == 0)
        for command in [["history"], ["history", "--json"], ["pending"], ["pending", "--json"]] {
            let unknown = try await daemon.run(command + ["--app", "nope"])
            #expect(unknown.status == 3, "\(command): \(unknown.stdout)")
            #expect(unknown.stderr.contains("knows no app named \"nope\""), "\(command): \(unknown.stderr)")
            #expect(try await daemon.run(command + ["--app", "ci"]).status == 0, "\(command)")
        }
    }

    @Test func withNoDatabaseYetEveryAppIsUnknown() async throws {
        let home = try TemporaryDirectory("herald-unknown-app")
        defer { home.remove() }
        #expect(try await runHerald(["history"], home: home.path).status == 0)
        let unknown = try await runHerald(["history", "--app", "nope"], home: home.path)
        #expect(unknown.status == 3)
    }
}
