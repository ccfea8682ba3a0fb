import Foundation
import HeraldClient
import HeraldCore
import HeraldWire
import Testing
import TestSupport

/// The composed and decomposed spellings of one identifier ("é" as U+00E9, or "e" + U+0301) are
/// one name to Swift — the engine — and two to SQLite unless every door puts them in one form.
/// A request replaced under the other spelling, in an app named with the other spelling, must
/// stay replaced across a restart of the real `herald daemon`: delivered once, one app.
@Suite("identifier spellings across a daemon restart", .serialized)
struct IdentifierFormAcrossRestartTests {
    static let composedApp = "com.example.caf\u{E9}"
    static let decomposedApp = "com.example.cafe\u{301}"
    static let composedID = "r\u{E9}union"
    static let decomposedID = "re\u{301}union"

    @Test("a request replaced under the other spelling is delivered once after a restart, in one app")
    func replacedRequestIsDeliveredOnce() async throws {
        let first = try await DaemonFixture.start()
        let environment = first.appEnvironment(bundleIdentifier: Self.composedApp)
        // The same request twice, 8 s ahead: the second (other spellings) replaces the first.
        let posts = [(Self.decomposedApp, Self.decomposedID, "first", "caf\u{E9}-thread"),
                     (Self.composedApp, Self.composedID, "second", "cafe\u{301}-thread")]
        for (app, id, title, thread) in posts {
            let posted = try await runBuiltProgram("herald", ["post", "--new-app", app, "--id", id, "--title", title,
                                                              "--thread", thread, "--in", "8"],
                                                   environment: environment)
            #expect(posted.status == 0, "\(posted.stdout)\(posted.stderr)")
        }
        let pendingBefore = try await runBuiltProgram("herald", ["pending", "--json"], environment: environment)
        await first.stop(removingHome: false)
        #expect(Self.entries(pendingBefore.stdout) == 1, "\(pendingBefore.stdout)")

        let second = try await DaemonFixture.start(home: first.home)
        let ui = try await second.ui()
        // Wait until nothing is pending any more: every stored request has fired.
        let fired = await eventually(timeout: 90) {
            guard let delivered = try? await ui.history(HistoryQuery(limit: 10)), !delivered.isEmpty,
                  let pending = try? await runBuiltProgram("herald", ["pending", "--json"], environment: environment)
            else { return false }
            return Self.entries(pending.stdout) == 0
        }
        let delivered = try await ui.history(HistoryQuery(limit: 10))
        let apps = try await ui.apps().filter { $0.bundleIdentifier == Self.composedApp }
        await second.stop()
        #expect(fired)
        #expect(delivered.map(\.content.title) == ["second"])
        #expect(delivered.map { Array($0.bundleIdentifier.utf8) } == [Array(Self.composedApp.utf8)])
        #expect(delivered.map { Array($0.identifier.utf8) } == [Array(Self.composedID.utf8)])
        #expect(delivered.map { Array($0.content.threadIdentifier.utf8) } == [Array("caf\u{E9}-thread".utf8)])
        #expect(apps.count == 1)
    }

    /// The number of objects in `herald pending --json`'s array.
    static func entries(_ json: String) -> Int {
        ((try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [Any])?.count ?? -1
    }
}
