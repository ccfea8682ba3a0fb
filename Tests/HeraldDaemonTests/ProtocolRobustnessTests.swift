import Foundation
import HeraldCore
@testable import HeraldWire
@testable import HeraldClient
@testable import HeraldDaemon
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A client that writes raw bytes and reads raw lines (to send what a real client never would).
final class RawClient: @unchecked Sendable {
    let socket: UnixSocket
    private var buffer = LineBuffer(maximumLineLength: 8 << 20)
    private var lines: [Data] = []
    /// The longest line received so far, in bytes.
    private(set) var longestLine = 0

    init(_ path: String) throws {
        socket = try UnixSocket.connect(to: SocketAddress(path: path))
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket.descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { socket.close() }

    func send(_ text: String) throws { try send(Data(text.utf8) + Data([0x0A])) }
    func send(_ bytes: Data) throws { try bytes.withUnsafeBytes { try socket.writeAll($0) } }

    /// The next line, as a JSON object (read on a Dispatch thread, never blocking the
    /// cooperative pool the in-process server needs).
    func receive() async throws -> [String: JSONValue] {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try self.receiveBlocking() }) }
        }
    }

    private func receiveBlocking() throws -> [String: JSONValue] {
        while lines.isEmpty {
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = try chunk.withUnsafeMutableBytes { try socket.read(into: $0) }
            guard count > 0 else { throw TestFailure("connection closed") }
            for case .line(let line) in buffer.append(Data(chunk[0..<count])) {
                lines.append(line)
                longestLine = max(longestLine, line.count)
            }
        }
        let line = lines.removeFirst()
        guard let object = try JSONValue.parse(line).objectValue else { throw TestFailure("not an object") }
        return object
    }

    /// The `reason` of the next line's error.
    func receiveErrorReason() async throws -> String? {
        try await receive()["error"]?.objectValue?["reason"]?.stringValue
    }
}

@Suite("Protocol robustness and socket safety")
struct ProtocolRobustnessTests {
    @Test("bad lines get clear errors and the connection keeps serving")
    func badLines() async throws {
        // The first request comes before the hello (to be refused `helloRequired`), so the hello
        // waits for that answer; in a test process whose few pool threads are all held by other
        // tests, that wait has taken over 10 s, the default hello timeout — and the daemon then
        // rightly closed the connection (`helloTimeout`), which showed as EPIPE on a later send.
        // Hello timeouts are `ConnectionLimitTests`'; here the daemon must never have a reason
        // to close.
        let center = try await InProcessCenter { $0.helloTimeout = 3_600 }
        defer { center.stop() }
        let raw = try RawClient(center.socketPath)

        try raw.send(#"{"id":1,"method":"doNotDisturb"}"#)
        #expect(try await raw.receiveErrorReason() == "helloRequired")
        try raw.send(#"{"hello":{"protocol":1,"role":"cli"}}"#)
        #expect(try await raw.receive()["hello"]?.objectValue?["protocol"] == 1)

        try raw.send("this is not json")
        #expect(try await raw.receiveErrorReason() == "malformedJSON")
        try raw.send(Data([0x7B, 0xFF, 0xFE, 0x7D, 0x0A]))
        #expect(try await raw.receiveErrorReason() == "invalidUTF8")
        try raw.send("[1,2,3]")
        #expect(try await raw.receiveErrorReason() == "notAnObject")
        try raw.send(#"{"id":2,"method":"frobnicate"}"#)
        let unknown = try await raw.receive()
        #expect(unknown["id"] == 2)
        #expect(unknown["error"]?.objectValue?["reason"] == "unknownMethod")
        #expect(unknown["error"]?.objectValue?["message"]?.stringValue?.contains("setBadge") == true)
        try raw.send(#"{"id":3,"method":"setBadge","params":{"bundleIdentifier":"a","count":"three"}}"#)
        let wrongType = try await raw.receive()
        #expect(wrongType["id"] == 3)
        #expect(wrongType["error"]?.objectValue?["reason"] == "badParams")
        #expect(wrongType["error"]?.objectValue?["message"]?.stringValue?.contains("count") == true)
        try raw.send(#"{"id":"four","method":"apps"}"#)
        #expect(try await raw.receiveErrorReason() == "badParams")
        try raw.send(#"{"id":5,"method":"setBadgeCount","params":{"bundleIdentifier":"a","count":-1}}"#)
        let unError = try await raw.receive()["error"]?.objectValue
        #expect(unError?["domain"] == "UNErrorDomain")
        #expect(unError?["code"] == 1600)

        // A line over 1 MiB is dropped without being buffered whole; the next line is served.
        do {
            try raw.send(String(repeating: "x", count: (1 << 20) + 4096))
        } catch {
            // The daemon closed the connection: say what it said last, if anything.
            let last = try? await raw.receive()
            Issue.record("sending the long line failed (\(error)); the daemon's last line: \(String(describing: last))")
            return
        }
        #expect(try await raw.receiveErrorReason() == "lineTooLong")
        try raw.send(#"{"id":6,"method":"doNotDisturb"}"#)
        let answer = try await raw.receive()
        #expect(answer["id"] == 6)
        #expect(answer["result"] == false)
    }

    @Test("a subscriber that does not read holds up nobody, and later gets every event in order")
    func stuckSubscriber() async throws {
        let center = try await InProcessCenter()
        defer { center.stop() }
        let raw = try RawClient(center.socketPath)
        try raw.send(#"{"hello":{"protocol":1,"role":"ui"}}"#)
        #expect(try await raw.receive()["hello"] != nil)
        try raw.send(#"{"id":1,"method":"subscribe","params":{}}"#)
        #expect(try await raw.receive()["id"] == 1)

        // Far more event bytes than a socket buffer holds, while the subscriber reads nothing.
        let cli = try await center.cli()
        let body = String(repeating: "b", count: 4_000)
        let count = 400
        let posted = try await withDeadline(Date().addingTimeInterval(60)) { () async -> Bool in
            do {
                for n in 0..<count {
                    let request = RequestRecord(identifier: "s\(n)", content: ContentRecord(title: "T", body: body))
                    _ = try await cli.call(Methods.post, PostParams(bundleIdentifier: "stuck", request: request))
                }
                return true
            } catch {
                return false
            }
        }
        #expect(posted)
        cli.close()

        var delivered: [String] = []
        while delivered.count < count {
            let line = try await raw.receive()
            if let identifier = line["event"]?.objectValue?["delivered"]?.objectValue?["notification"]?
                .objectValue?["request"]?.objectValue?["identifier"]?.stringValue {
                delivered.append(identifier)
            }
        }
        #expect(delivered == (0..<count).map { "s\($0)" })
    }

    @Test("an unsupported protocol version is refused")
    func protocolVersion() async throws {
        let center = try await InProcessCenter()
        defer { center.stop() }
        await #expect(throws: WireError.self) {
            _ = try await IPCClient.connect(socketPath: center.socketPath,
                                            hello: ClientHello(role: .cli, protocolVersion: 99))
        }
    }

    @Test("peers of another user id are refused")
    func otherUsersRefused() async throws {
        let center = try await InProcessCenter(allowedUserID: getuid() &+ 1)
        defer { center.stop() }
        do {
            _ = try await center.cli()
            Issue.record("connected")
        } catch let error as WireError {
            #expect(error.reason == IPCProtocolReason.permissionDenied.rawValue)
        }
    }

    @Test("the socket is 0600 in a 0700 directory; a second server is refused; a stale socket is replaced")
    func socketFiles() async throws {
        let directory = try TemporaryDirectory("herald-sock")
        defer { directory.remove() }
        let path = directory.path + "/run/herald/herald.sock"
        let center = try await InProcessCenter()
        defer { center.stop() }
        let first = IPCServer(socketPath: path, backend: center.backend)
        try await first.start()
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(stat(directory.path + "/run/herald", &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)

        let second = IPCServer(socketPath: path, backend: center.backend)
        do {
            try await second.start()
            Issue.record("a second server started")
        } catch let error as IPCError {
            #expect(error == .serverAlreadyRunning(path: path))
        }

        // A socket file left by a dead server (bound, never listened on) is removed and replaced.
        first.stop()
        let stale = try UnixSocket.make()
        _ = try SocketAddress(path: path).withSockAddr { bind(stale.descriptor, $0, $1) }
        stale.close()
        let third = IPCServer(socketPath: path, backend: center.backend)
        try await third.start()
        let client = try await IPCClient.connect(socketPath: path, hello: ClientHello(role: .cli))
        #expect(try await client.call(Methods.doNotDisturb, Empty()) == false)
        client.close()
        third.stop()
    }

    @Test("socket paths over 107 bytes are refused with the limit named")
    func pathLength() {
        let long = "/tmp/" + String(repeating: "d", count: 120) + "/herald.sock"
        #expect(throws: IPCError.socketPathTooLong(path: long, limit: 107)) { _ = try SocketAddress(path: long) }
        #expect(IPCError.socketPathTooLong(path: long, limit: 107).description.contains("HERALD_SOCKET"))
    }

    @Test("socket location: HERALD_SOCKET, then an explicit home, then XDG_RUNTIME_DIR, then the state directory")
    func socketLocation() {
        #expect(SocketLocation.resolve(explicitHome: "/h", stateDirectory: "/s", environment: ["HERALD_SOCKET": "/x.sock"]) == "/x.sock")
        #expect(SocketLocation.resolve(explicitHome: "/h", stateDirectory: "/s", environment: ["XDG_RUNTIME_DIR": "/run/u"]) == "/h/herald.sock")
        #expect(SocketLocation.resolve(explicitHome: nil, stateDirectory: "/s", environment: ["HERALD_HOME": "/hh"]) == "/hh/herald.sock")
        #expect(SocketLocation.resolve(explicitHome: nil, stateDirectory: "/s", environment: ["XDG_RUNTIME_DIR": "/run/u"]) == "/run/u/herald/herald.sock")
        #expect(SocketLocation.resolve(explicitHome: nil, stateDirectory: "/s/", environment: [:]) == "/s/herald.sock")
    }
}

@Suite("Wire encoding")
struct WireEncodingTests {
    @Test("line framing: several lines per read, CRLF, partial lines, oversize lines resync")
    func lineBuffer() {
        var buffer = LineBuffer(maximumLineLength: 8)
        #expect(buffer.append(Data("ab\ncd\r\n\nef".utf8)) == [.line(Data("ab".utf8)), .line(Data("cd".utf8))])
        #expect(buffer.append(Data("g\n".utf8)) == [.line(Data("efg".utf8))])
        #expect(buffer.append(Data("0123456789".utf8)) == [.tooLong(length: 10, head: Data("0123456789".utf8))])
        #expect(buffer.append(Data("more\nok\n".utf8)) == [.line(Data("ok".utf8))])
        #expect(buffer.append(Data("tail".utf8)).isEmpty)
        #expect(buffer.finish() == [.line(Data("tail".utf8))])
        // A line over the limit that arrives whole, newline included, in one read.
        var whole = LineBuffer(maximumLineLength: 8)
        #expect(whole.append(Data("0123456789\nok\n".utf8))
                == [.tooLong(length: 10, head: Data("0123456789".utf8)), .line(Data("ok".utf8))])
    }

    @Test("line framing does not depend on how the stream is cut into reads")
    func lineBufferChunking() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["{\"id\":1}", "", "\r", "x", "0123456789abcdef", "a\rb", String(repeating: "y", count: 40)]
        for _ in 0..<300 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                text += pieces.randomElement(using: &generator)! + (Bool.random(using: &generator) ? "\r\n" : "\n")
            }
            if Bool.random(using: &generator) { text += "partial" }
            let bytes = Array(text.utf8)
            var whole = LineBuffer(maximumLineLength: 16)
            let expected = whole.append(Data(bytes)) + whole.finish()
            var cut = LineBuffer(maximumLineLength: 16)
            var items: [LineBuffer.Item] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 1...20, using: &generator))
                bytes[start..<end].withUnsafeBytes { cut.append($0, into: &items) }
                start = end
            }
            items += cut.finish()
            // (A dropped line is reported when it overflows: its length and head so far depend on the cuts.)
            func shape(_ items: [LineBuffer.Item]) -> [String] {
                items.map { item in
                    if case .line(let data) = item { return String(decoding: data, as: UTF8.self) }
                    return "(too long)"
                }
            }
            #expect(shape(items) == shape(expected), "\(text.debugDescription)")
            // Every line under the limit comes back as it was sent, without its CR.
            // (Bytes, not characters: "\r\n" is one `Character`.)
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast(text.hasSuffix("partial") ? 0 : 1)
            let kept = lines.filter { $0.count <= 16 }
                .map { String(decoding: $0.last == 0x0D ? $0.dropLast() : $0, as: UTF8.self) }.filter { !$0.isEmpty }
            let framed = expected.compactMap { item -> String? in
                if case .line(let data) = item { return String(decoding: data, as: UTF8.self) }
                return nil
            }
            #expect(framed == kept)
        }
    }

    @Test("events and presentation decisions round-trip", arguments: [
        CenterEvent.doNotDisturbChanged(true), .cleared(bundleIdentifier: nil), .deleted(deliveryIDs: [1, 2]),
        .pendingChanged(bundleIdentifier: "a"),
        .delivered(DeliveredRecord(deliveryID: 4, bundleIdentifier: "a",
                                   request: RequestRecord(identifier: "r", content: ContentRecord(title: "T", userInfo: ["k": [1, "x"]])),
                                   date: Date(timeIntervalSince1970: 1_700_000_000.5), presentation: [.banner]),
                   replacedDeliveryID: 3),
    ])
    func eventRoundTrip(event: CenterEvent) throws {
        let line = try WireCoding.encode(EventEnvelope(event: WireEvent(event)))
        guard case .event(let decoded) = try ServerLine.parse(line) else { throw TestFailure("not an event") }
        #expect(decoded.event == event)
    }

    @Test("presentation decisions", arguments: [PresentationDecision.noDelegate, .notImplemented, .timedOut, .options([.banner, .sound])])
    func decisions(decision: PresentationDecision) throws {
        let data = try WireCoding.encode(WirePresentationDecision(decision))
        #expect(try WireCoding.decode(WirePresentationDecision.self, from: data).decision == decision)
    }

    @Test("device tokens are lower-case hex")
    func deviceTokens() {
        #expect(DeviceToken.hex(Data([0x00, 0xAB, 0x0F])) == "00ab0f")
        #expect(DeviceToken.data(hex: "00AB0f") == Data([0x00, 0xAB, 0x0F]))
        #expect(DeviceToken.data(hex: "abc") == nil)
        #expect(DeviceToken.data(hex: "zz") == nil)
    }
}
