import Foundation
@testable import HeraldStore
import Testing
import TestSupport

@Suite struct HeraldHomeTests {
    @Test func resolutionOrder() {
        let env = ["HERALD_HOME": "/h", "XDG_STATE_HOME": "/state"]
        #expect(HeraldHome.resolve(explicit: "/explicit", environment: env, userHome: "/u").url.path == "/explicit")
        #expect(HeraldHome.resolve(explicit: nil, environment: env, userHome: "/u").url.path == "/h")
        #expect(HeraldHome.resolve(environment: ["XDG_STATE_HOME": "/state"], userHome: "/u").url.path == "/state/herald")
        #expect(HeraldHome.resolve(environment: ["XDG_STATE_HOME": "relative"], userHome: "/u").url.path
            == "/u/.local/state/herald")
        #expect(HeraldHome.resolve(environment: ["HERALD_HOME": ""], userHome: "/u").url.path == "/u/.local/state/herald")
    }

    @Test func pathsInsideTheHome() {
        let home = HeraldHome(path: "/var/tmp/h/../herald")
        #expect(home.url.path == "/var/tmp/herald")
        #expect(home.databaseURL.path == "/var/tmp/herald/herald.sqlite")
        #expect(home.attachmentsDirectory.path == "/var/tmp/herald/attachments")
        #expect(HeraldHome(path: "rel").url.path == FileManager.default.currentDirectoryPath + "/rel")
    }

    @Test func createdPrivate() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let home = HeraldHome(path: directory.path + "/a/b/herald")
        try home.create()
        for url in [home.url, home.attachmentsDirectory] {
            let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
            #expect(mode == 0o700)
        }
        try home.create()   // again: fine
    }
}
