import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// One center per state directory. While the demo runs on a home it is that
/// home's center: commands given the home reach it (no second center starts on the same
/// database), and a daemon on the same home refuses, naming the demo.
@Suite struct DemoCenterTests {
    @Test func commandsOnTheDemosHomeReachTheDemo() async throws {
        let demo = try await DemoSession()
        defer { demo.close() }
        try await demo.allowAllApps()
        let herald = BuiltProducts.path("herald")
        let posted = try await runProgram(herald, ["--home", demo.home.path, "post", "--new-app",
                                                   "com.example.shell", "--title", "From the shell"])
        #expect(posted.status == 0, "\(posted.stderr)")
        let screen = try await demo.waitFor("From the shell")
        #expect(screen.contains("Shell"))
        let daemon = try await runProgram(herald, ["--home", demo.home.path, "daemon"])
        #expect(daemon.status == 1)
        #expect(daemon.stderr.contains("herald demo, pid "), "\(daemon.stderr)")
    }
}
}
