import Foundation
import Testing
import TestSupport

extension EndToEnd {
/// `herald demo` run from where a package puts it — `PREFIX/bin/herald`, outside any checkout,
/// with no `HERALD_ASSETS` — finds its pictures in `PREFIX/share/herald/assets`, and says where
/// it looked when they are not there.
@Suite struct InstalledDemoTests {
    /// A copy of the built `herald` at `PREFIX/bin/herald` (the debug build finds the Swift
    /// libraries by an absolute run path, so a copy runs), with the pictures in
    /// `PREFIX/share/herald/assets` when `withAssets`.
    static func install(in root: TemporaryDirectory, withAssets: Bool) throws -> String {
        let files = FileManager.default
        let bin = root.url.appendingPathComponent("prefix/bin")
        try files.createDirectory(at: bin, withIntermediateDirectories: true)
        let herald = bin.appendingPathComponent("herald")
        try files.copyItem(atPath: BuiltProducts.path("herald"), toPath: herald.path)
        if withAssets {
            let assets = root.url.appendingPathComponent("prefix/share/herald/assets")
            try files.createDirectory(at: assets, withIntermediateDirectories: true)
            for name in ["jim@2x.png", "photo.png"] {
                try files.copyItem(at: BuiltProducts.packageRoot.appendingPathComponent("Assets/\(name)"),
                                   to: assets.appendingPathComponent(name))
            }
        }
        return herald.path
    }

    @Test func theInstalledDemoAttachesItsPictures() async throws {
        let root = try TemporaryDirectory("herald-installed")
        defer { root.remove() }
        let herald = try Self.install(in: root, withAssets: true)
        let demo = try await DemoSession(executable: herald, assets: nil, directory: root.path)
        defer { demo.close() }
        let screen = try await DemoInvitationTests.invitationBanner(demo)
        #expect(screen.contains("📎 jim@2x.png"))
        #expect(!screen.contains("attachment failed"))
    }

    @Test func missingPicturesAreNamedNotAFoundationError() async throws {
        let root = try TemporaryDirectory("herald-installed")
        defer { root.remove() }
        let herald = try Self.install(in: root, withAssets: false)
        let demo = try await DemoSession(width: 160, height: 40, executable: herald, assets: nil, directory: root.path)
        defer { demo.close() }
        try await demo.waitFor("Demo: the demo's pictures were not found")
        try await demo.allowAllApps()
        try await demo.command("invite")
        let screen = try await demo.waitFor("Calendar: attachment failed: the demo's pictures were not found")
        #expect(screen.contains("\(root.path)/prefix/share/herald/assets"))
        #expect(!screen.contains("NSCocoaErrorDomain"))
        // The invitation still arrives, without its picture.
        try await demo.waitFor("Hey Jim! Weekly Staff Meeting", timeout: 30)
    }

    @Test func aWrongHeraldAssetsIsNamed() async throws {
        let root = try TemporaryDirectory("herald-installed")
        defer { root.remove() }
        let herald = try Self.install(in: root, withAssets: true)
        let demo = try await DemoSession(width: 160, height: 40, executable: herald, assets: root.path + "/nowhere",
                                         directory: root.path)
        defer { demo.close() }
        try await demo.waitFor("Demo: the demo's pictures are not in HERALD_ASSETS")
    }
}
}
