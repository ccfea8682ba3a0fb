import Foundation
import HeraldCore
import HeraldWire
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

extension EndToEnd {
/// What a broker account can and cannot do to the machines on the broker, with the real `herald`
/// binary as daemon and as `herald post --broker`, and forged messages published with
/// `mosquitto_pub` on a real mosquitto. Skipped, with the reason printed, when mosquitto is not
/// installed.
@Suite(.skipped(because: MosquittoBroker.unavailableReason)) struct BrokerTrustTests {
    static let herald = BuiltProducts.path("herald")

    /// `herald daemon --broker` in a home of its own, once it is connected.
    static func receivingDaemon(_ broker: MosquittoBroker) async throws -> DaemonFixture {
        let daemon = try await DaemonFixture.start(DaemonOptions(["--broker", broker.url()]))
        do {
            try await daemon.waitForLog("Broker: connected")
        } catch {
            await daemon.stop()
            throw error
        }
        return daemon
    }

    /// A post naming one of the daemon user's files is refused and the file stays; a file
    /// posted with `--attach` travels as bytes and is stored on the receiving machine.
    @Test func anAttachmentTravelsAsBytesAndAPathOnTheReceivingMachineIsRefused() async throws {
        let broker = try BrokerTests.broker()
        defer { broker.stop() }
        let daemon = try await Self.receivingDaemon(broker)
        defer { daemon.stopInBackground() }
        let song = daemon.home.url.appendingPathComponent("x.mp3")
        let bytes = Data(repeating: 0x55, count: 8192)
        try bytes.write(to: song)
        var content = ContentRecord(title: "Your song")
        content.attachments = [AttachmentRecord(identifier: "a", path: song.path, type: "public.mp3", size: 8192, fileName: "x.mp3")]
        let stealing = PostParams(bundleIdentifier: "mallory", request: RequestRecord(identifier: "steal", content: content))
        try broker.publishLines([String(decoding: try WireCoding.encode(stealing), as: UTF8.self)],
                                topic: "\(broker.prefix)/post/mallory")

        let away = try TemporaryDirectory("herald-away")
        defer { away.remove() }
        let picture = away.url.appendingPathComponent("chart.png")
        let png = PNGEncoder.encode(width: 1, height: 1, rgba: [0, 128, 255, 255])
        try png.write(to: picture)
        let posted = try await runProgram(Self.herald, ["--home", away.path, "post", "--broker", broker.url(), "--app", "ci",
                                                              "--id", "chart", "--title", "Chart", "--attach", picture.path],
                                          environment: ["HERALD_NO_SPAWN": "1"])
        #expect(posted.status == 0, "\(posted.stderr)")
        let items = try await BrokerTests.waitForHistory(home: daemon.home.path, count: 1, timeout: 60)
        #expect(items.compactMap { $0["identifier"] as? String } == ["chart"], "\(daemon.log)")
        let attachment = try #require((items.first?["attachments"] as? [[String: Any]])?.first)
        #expect(attachment["type"] as? String == "public.png")
        let stored = try #require(attachment["path"] as? String)
        #expect(stored.hasPrefix(daemon.home.path))
        #expect(FileManager.default.contents(atPath: stored) == png)
        #expect(FileManager.default.contents(atPath: picture.path) == png, "the poster's file is left alone")
        #expect(FileManager.default.contents(atPath: song.path) == bytes, "a broker post took the user's file")
        #expect(daemon.log.contains("Broker: post from mallory rejected: request.content.attachments: names a file on this machine"),
                "\(daemon.log)")
    }

    /// A waiting `herald post --broker --wait` takes only an offered action; a forged one (an
    /// OSC 52 clipboard write as its identifier) is ignored, and nothing raw reaches the terminal.
    @Test func aForgedAnswerIsIgnoredAndNothingRawReachesTheTerminal() async throws {
        let broker = try BrokerTests.broker()
        defer { broker.stop() }
        let daemon = try await Self.receivingDaemon(broker)
        defer { daemon.stopInBackground() }
        let away = try TemporaryDirectory("herald-away")
        defer { away.remove() }
        let post = try RunningCommand(Self.herald, ["--home", away.path, "post", "--broker", broker.url(), "--app", "deploy",
                                                    "--id", "d-1", "--title", "Deploy?", "--action", "approve:Approve",
                                                    "--wait", "--timeout", "120"])
        // Once the post is in, the poster has subscribed to its answers.
        _ = try await BrokerTests.waitForHistory(home: daemon.home.path, count: 1, timeout: 60)
        let sender = try String(contentsOf: away.url.appendingPathComponent("broker-device-id"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        func answer(_ action: ResponseAction) throws -> String {
            let notification = DeliveredRecord(bundleIdentifier: "deploy", request: RequestRecord(identifier: "d-1", content: ContentRecord()),
                                               date: Date(), presentation: [])
            let message = HandledMessage(device: "herald-forger", bundleIdentifier: "deploy", identifier: "d-1",
                                         response: ResponseRecord(notification: notification, action: action, date: Date()))
            return String(decoding: try WireCoding.encode(message), as: UTF8.self)
        }
        try broker.publishLines([try answer(.action("\u{1B}]52;c;cm0gLXJmIH4K\u{07}")), try answer(.action("approve"))],
                                topic: "\(broker.prefix)/handled/\(sender)")
        let result = await post.finish(timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "approve\n")
        #expect(result.stderr.contains("herald post: ignored an answer from herald-forger: action '"), "\(result.stderr)")
        #expect(!(result.stdout + result.stderr).unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }
}
}

/// The answer `herald post --broker --wait` reads from `P/handled/SENDER` (as HeraldBroker spells it).
private struct HandledMessage: Codable {  // forged as any MQTT client would
    var device: String
    var bundleIdentifier: String
    var identifier: String
    var response: ResponseRecord?
}
