import Foundation
import HeraldClient
import HeraldCore
import HeraldWire
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The real daemon takes attachments from files an app names, and another program may swap
/// such a file for a named pipe at any moment — between the app's check and the daemon's, or
/// between the daemon's check and its copy. Every post is answered (taken, or refused naming
/// the pipe or the missing file), and the daemon serves on and stops on SIGTERM.
@Suite struct AttachmentRaceTests {
    /// Swaps `target` between a PNG and a named pipe until stopped (renames are atomic, so the
    /// path is always one or the other, or gone once the daemon took the PNG).
    private final class Swapper: @unchecked Sendable {
        private let stop = DispatchSemaphore(value: 0)
        private let done = DispatchSemaphore(value: 0)
        private(set) var swaps = 0

        init(target: String, png: [UInt8]) {
            let directory = (target as NSString).deletingLastPathComponent
            Thread { [self] in
                while stop.wait(timeout: .now()) == .timedOut {
                    let staged = directory + "/staged.png"
                    _ = FileManager.default.createFile(atPath: staged, contents: Data(png))
                    rename(staged, target)
                    let pipe = directory + "/staged.fifo"
                    mkfifo(pipe, 0o600)
                    rename(pipe, target)
                    swaps += 1
                }
                done.signal()
            }.start()
        }

        func finish() {
            stop.signal()
            done.wait()
        }
    }

    @Test func postsWhoseFilesTurnIntoPipesNeverStopTheDaemon() async throws {
        try await DaemonFixture.with { daemon in
            let directory = daemon.home.path + "/race"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let target = directory + "/cat.png"
            let png = [UInt8](PNGEncoder.onePixel)
            let client = try await IPCClient.connect(socketPath: daemon.socketPath, hello: ClientHello(role: .cli))
            defer { client.close() }
            let swapper = Swapper(target: target, png: png)
            var taken = 0
            var refused: [String] = []
            for n in 0..<150 {
                var request = RequestRecord(identifier: "race-\(n)", content: ContentRecord(title: "Race \(n)"))
                request.content.attachments = [AttachmentRecord(identifier: "", path: target, type: "public.png",
                                                                size: Int64(png.count), fileName: "cat.png")]
                let params = PostParams(bundleIdentifier: "com.example.race", request: request)
                // Each post is answered within a minute, taken or refused.
                let outcome = try await withDeadline(Date().addingTimeInterval(60)) {
                    do {
                        _ = try await client.call(Methods.post, params)
                        return "taken"
                    } catch {
                        return "\(error)"
                    }
                }
                if outcome == "taken" { taken += 1 } else { refused.append(outcome) }
            }
            await offThePool { swapper.finish() }
            #expect(taken + refused.count == 150)
            #expect(refused.allSatisfy { $0.contains("named pipe") || $0.contains("no file") }, "\(Set(refused))")
            let again = try await IPCClient.connect(socketPath: daemon.socketPath, hello: ClientHello(role: .cli))
            defer { again.close() }
            _ = try await again.call(Methods.apps, Empty())
        }
    }
}
