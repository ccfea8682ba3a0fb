import Foundation
@testable import HeraldClient
import HeraldSystem
@testable import HeraldWire
import Testing
import TestSupport

/// `BlockingIPCClient` (what `herald post` uses): the hello goes out with the first request, the
/// server's hello is checked on the way to the reply, refusals and silence end in errors.
@Suite struct BlockingIPCClientTests {
    /// A server on a thread that reads until `lines` lines have come in — before answering
    /// anything — then writes `answer` and closes.
    private static func serve(at path: String, readingLines lines: Int, answer: String) throws -> Thread {
        let listener = try UnixSocket.listen(at: SocketAddress(path: path))
        let thread = Thread {
            defer { listener.close() }
            guard let peer = try? listener.accept() else { return }
            defer { peer.close() }
            var limit = timeval(tv_sec: 10, tv_usec: 0)
            _ = setsockopt(peer.descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            var received = [UInt8]()
            var chunk = [UInt8](repeating: 0, count: 4096)
            while received.filter({ $0 == 0x0A }).count < lines {
                guard let count = try? chunk.withUnsafeMutableBytes({ try peer.read(into: $0) }), count > 0 else { return }
                received += chunk[0..<count]
            }
            _ = try? Data(answer.utf8).withUnsafeBytes { try peer.writeAll($0) }
        }
        thread.start()
        return thread
    }

    @Test(.timeLimit(.minutes(1))) func theRequestGoesOutWithTheHelloAndTheReplyFollowsTheServersHello() throws {
        let directory = try TemporaryDirectory("herald-blocking")
        defer { directory.remove() }
        let path = directory.path + "/pipelined.sock"
        // The server answers nothing until it has both lines: a client that waited for the
        // hello's answer before sending its request would find the connection closed instead.
        _ = try Self.serve(at: path, readingLines: 2, answer: """
            {"hello":{"pid":1,"protocol":\(WireCoding.protocolVersion),"server":"test"}}
            {"event":"nothing for this client"}
            {"id":1,"result":{"count":7}}

            """)
        let client = try BlockingIPCClient(socketPath: path, hello: ClientHello(role: .cli, client: "test"))
        defer { client.close() }
        let result = try client.call(Method<Empty, CountResult>("count"), Empty())
        #expect(result.count == 7)
        #expect(client.server?.server == "test")
    }

    @Test(.timeLimit(.minutes(1))) func aRefusalBeforeTheHelloIsThrown() throws {
        let directory = try TemporaryDirectory("herald-blocking")
        defer { directory.remove() }
        let path = directory.path + "/refusing.sock"
        _ = try Self.serve(at: path, readingLines: 1, answer: """
            {"id":null,"error":{"domain":"herald.protocol","reason":"permissionDenied","message":"not yours"}}

            """)
        let client = try BlockingIPCClient(socketPath: path, hello: ClientHello(role: .cli, client: "test"))
        #expect { _ = try client.call(Method<Empty, CountResult>("count"), Empty()) } throws: { error in
            (error as? WireError)?.reason == "permissionDenied"
        }
    }

    @Test(.timeLimit(.minutes(1))) func anotherProtocolIsRefused() throws {
        let directory = try TemporaryDirectory("herald-blocking")
        defer { directory.remove() }
        let path = directory.path + "/other.sock"
        _ = try Self.serve(at: path, readingLines: 2, answer: """
            {"hello":{"pid":1,"protocol":999,"server":"future"}}

            """)
        let client = try BlockingIPCClient(socketPath: path, hello: ClientHello(role: .cli, client: "test"))
        #expect(throws: IPCError.unsupportedProtocol(999)) { _ = try client.call(Method<Empty, CountResult>("count"), Empty()) }
    }

    @Test(.timeLimit(.minutes(1))) func aServerThatNeverSaysHelloIsGivenUpOn() throws {
        let directory = try TemporaryDirectory("herald-blocking")
        defer { directory.remove() }
        let path = directory.path + "/silent.sock"
        let listener = try UnixSocket.listen(at: SocketAddress(path: path))
        defer { listener.close() }
        let client = try BlockingIPCClient(socketPath: path, hello: ClientHello(role: .cli, client: "test"), helloTimeout: 0.3)
        #expect(throws: IPCError.noHello(path: path, seconds: 0.3)) { _ = try client.call(Method<Empty, CountResult>("count"), Empty()) }
    }

    @Test(.timeLimit(.minutes(1))) func aConnectionClosedBeforeTheReplyEndsTheCall() throws {
        let directory = try TemporaryDirectory("herald-blocking")
        defer { directory.remove() }
        let path = directory.path + "/closing.sock"
        _ = try Self.serve(at: path, readingLines: 2, answer: """
            {"hello":{"pid":1,"protocol":\(WireCoding.protocolVersion),"server":"test"}}

            """)
        let client = try BlockingIPCClient(socketPath: path, hello: ClientHello(role: .cli, client: "test"))
        #expect(throws: IPCError.connectionClosed) { _ = try client.call(Method<Empty, CountResult>("count"), Empty()) }
    }

    @Test func nobodyListeningIsAnErrno() throws {
        let directory = try TemporaryDirectory("herald-blocking")
        defer { directory.remove() }
        #expect { _ = try BlockingIPCClient(socketPath: directory.path + "/none.sock", hello: ClientHello(role: .cli)) }
            throws: { ($0 as? Errno)?.meansNoServer == true }
    }
}

private struct CountResult: Codable, Sendable { var count: Int }
