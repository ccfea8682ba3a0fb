import Foundation
import HeraldCore
import HeraldWire
import Testing
import TestSupport
@testable import HeraldBroker

/// A post through the broker comes from a remote account: it may carry an attachment's bytes
/// (bounded, checked as any attachment) but never name a file on the receiving machine, which the
/// engine would move into its store — deleting the user's file. A real mosquitto, the real door,
/// server and engine.
@Suite(.skipped(because: MosquittoBroker.unavailableReason))
struct BrokerAttachmentTests {
    static let png = PNGEncoder.encode(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 0, 255, 255])

    @Test func aPostNamingAFileOnThisMachineIsRefusedAndTheFileStays() async throws {
        let broker = try await MosquittoBroker.started()
        defer { broker.stop() }
        let directory = try TemporaryDirectory("herald-broker-path")
        defer { directory.remove() }
        // The user's own files, of every kind an attachment may be.
        let music = directory.url.appendingPathComponent("Music")
        try FileManager.default.createDirectory(at: music, withIntermediateDirectories: true)
        let files = [("x.png", Self.png), ("x.mp3", Data(repeating: 7, count: 4096)), ("x.mp4", Data(repeating: 9, count: 4096))]
        for (name, bytes) in files { try bytes.write(to: music.appendingPathComponent(name)) }

        let log = LogLines()
        let settings = try BrokerSettings.resolve(url: broker.url(), environment: [:])
        let stack = try await BrokerDoorStack.open(settings: settings, directory: directory.url, log: log)
        defer { stack.close() }
        try await log.wait(for: "Broker: connected")

        var lines: [String] = []
        for (index, (name, bytes)) in files.enumerated() {
            let path = music.appendingPathComponent(name).path
            let type = AttachmentValidator.type(forExtension: (name as NSString).pathExtension)!
            var content = ContentRecord(title: "Steal \(name)")
            content.attachments = [AttachmentRecord(identifier: "a", path: path, type: type, size: Int64(bytes.count), fileName: name)]
            let params = PostParams(bundleIdentifier: "mallory", request: RequestRecord(identifier: "steal-\(index)", content: content))
            lines.append(String(decoding: try WireCoding.encode(params), as: UTF8.self))
        }
        lines.append(try BrokerDoorStack.postLine("mallory", "after"))
        let published = lines
        try await offThePool { try broker.publishLines(published, topic: "\(broker.prefix)/post/mallory") }

        // Messages are taken in order: once the last is in, the others were handled.
        let history = try await stack.waitForHistory(containing: "after", log: log)
        #expect(history.map(\.identifier) == ["after"], "\(log.all)")
        for (name, bytes) in files {
            #expect(FileManager.default.contents(atPath: music.appendingPathComponent(name).path) == bytes, "\(name) was taken")
        }
        #expect(log.count("rejected: request.content.attachments: names a file on this machine") == files.count, "\(log.all)")
    }

    @Test func theBytesOfAFileTravelAndAreCheckedAsAnyAttachment() async throws {
        let broker = try await MosquittoBroker.started()
        defer { broker.stop() }
        let directory = try TemporaryDirectory("herald-broker-bytes")
        defer { directory.remove() }
        let picture = directory.url.appendingPathComponent("chart.png")
        try Self.png.write(to: picture)

        let log = LogLines()
        let settings = try BrokerSettings.resolve(url: broker.url(), environment: [:])
        let stack = try await BrokerDoorStack.open(settings: settings, directory: directory.url, log: log)
        defer { stack.close() }
        try await log.wait(for: "Broker: connected")
        let publisher = try await BrokerPublisher.connect(settings: settings, sender: "ci")
        defer { publisher.close() }

        @Sendable func post(_ identifier: String, _ attachments: [BrokerAttachment]) throws -> String {
            let params = PostParams(bundleIdentifier: "ci", request: RequestRecord(identifier: identifier,
                                                                                  content: ContentRecord(title: identifier)))
            return String(decoding: try WireCoding.encode(BrokerPost(params, attachments: attachments)), as: UTF8.self)
        }
        let text = Data("not a picture".utf8).base64EncodedString()
        let refused: [(String, [BrokerAttachment], String)] = [
            ("fake", [BrokerAttachment(fileName: "fake.png", data: text)],
             "attachments[0]: fake.png does not start with the public.png file signature"),
            ("junk", [BrokerAttachment(fileName: "x.png", data: "%%%")], "attachments[0].data: not base64"),
            ("path", [BrokerAttachment(fileName: "../../x.png", data: Self.png.base64EncodedString())],
             "attachments[0].fileName: a file name, without / or control characters"),
            ("kind", [BrokerAttachment(fileName: "x.sh", data: text)], "attachments[0].fileName: the extension \"sh\" is not a supported"),
            ("empty", [BrokerAttachment(fileName: "x.png", data: "")], "attachments[0].data: empty"),
            ("second", [BrokerAttachment(fileName: "a.png", data: Self.png.base64EncodedString()),
                        BrokerAttachment(fileName: "b.gif", data: text)],
             "attachments[1]: b.gif does not start with the com.compuserve.gif file signature"),
        ]
        let lines = try refused.map { try post($0.0, $0.1) }
        try await offThePool { try broker.publishLines(lines, topic: "\(broker.prefix)/post/ci") }
        try await publisher.post(PostParams(bundleIdentifier: "ci", request: RequestRecord(identifier: "chart",
                                                                                          content: ContentRecord(title: "Chart"))),
                                 attachmentPaths: [picture.path])

        let history = try await stack.waitForHistory(containing: "chart", log: log)
        #expect(history.map(\.identifier) == ["chart"], "\(log.all)")
        for (_, _, reason) in refused { #expect(log.count(reason) == 1, "\(reason): \(log.all)") }
        let attachment = try #require(history.first?.content.attachments.first)
        #expect(attachment.type == "public.png")
        #expect(attachment.fileName == "chart.png")
        #expect(attachment.path.hasPrefix(directory.url.appendingPathComponent("attachments").path))
        #expect(FileManager.default.contents(atPath: attachment.path) == Self.png)
        // The publisher's file stays; nothing is left staged.
        #expect(FileManager.default.contents(atPath: picture.path) == Self.png)
        // The door discards what it staged once the engine's post returns, just after the commit.
        let staged = directory.url.appendingPathComponent(BrokerDoor.attachmentsFolderName).path
        func leftOver() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: staged)) ?? [] }
        let deadline = Date().addingTimeInterval(20)
        while !leftOver().isEmpty && Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
        #expect(leftOver().isEmpty)
    }
}
