import Foundation
import Testing
import TestSupport

/// The test kit's daemon fixture says why a daemon did not come up: the error carries the
/// daemon's exit status and its log, not only a timeout.
@Suite struct DaemonFixtureTests {
    @Test func aDaemonThatExitsBeforeAnsweringIsReportedWithItsLog() async throws {
        do {
            let daemon = try await DaemonFixture.start(DaemonOptions(["--no-such-option"]))
            await daemon.stop()
            Issue.record("a daemon with an unknown option answered")
        } catch let failure as DaemonLaunchError {
            #expect(failure.description.contains("exited with status"), "\(failure)")
            #expect(failure.description.contains("--no-such-option"), "\(failure)")
        }
    }

    @Test func aRestartOnTheSameHomeKeepsTheCenter() async throws {
        let first = try await DaemonFixture.start()
        #expect(try await first.run(["post", "--new-app", "ci", "--title", "Kept"]).status == 0)
        #expect(await first.stop(removingHome: false) == 0)
        let second = try await DaemonFixture.start(home: first.home)
        #expect(second.pid != first.pid)
        #expect(try await second.run(["history"]).stdout.contains("Kept"))
        #expect(second.log.contains("serving"))
        await second.stop()
        #expect(!FileManager.default.fileExists(atPath: second.home.path))
    }
}
