import Foundation
@testable import HeraldClient
import HeraldSystem
@testable import HeraldWire
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A client checks who serves the socket (`SO_PEERCRED`) before it sends anything: a socket
/// another user listens on gets nothing, and the error says whose it is. (The user id expected
/// is injected here, so the test runs as any user; `ForeignServerTests` has the real thing.)
@Suite struct ServerIdentityTests {
    @Test func aServerOfAnotherUserGetsNothingFromEitherKindOfClient() async throws {
        let dir = try TemporaryDirectory("herald-identity")
        defer { dir.remove() }
        let path = dir.path + "/herald.sock"
        let listener = try UnixSocket.listen(at: SocketAddress(path: path))
        defer { listener.close() }
        let someoneElse = getuid() &+ 1
        let expected = IPCError.foreignServer(path: path, serverUserID: getuid(), userID: someoneElse)
        await #expect(throws: expected) {
            try await IPCClient.connect(socketPath: path, hello: ClientHello(role: .cli), serverUserID: someoneElse)
        }
        #expect(throws: expected) {
            try BlockingIPCClient(socketPath: path, hello: ClientHello(role: .cli), serverUserID: someoneElse)
        }
        #expect(expected.description.contains("served by user id \(getuid()), not by you (user id \(someoneElse))"))
        // Both connected and left without a byte.
        for _ in 0..<2 {
            let peer = try listener.accept()
            defer { peer.close() }
            var chunk = [UInt8](repeating: 0, count: 4096)
            #expect(try chunk.withUnsafeMutableBytes { try peer.read(into: $0) } == 0)
        }
    }

    @Test func ourOwnServerIsTaken() throws {
        let dir = try TemporaryDirectory("herald-identity")
        defer { dir.remove() }
        let path = dir.path + "/herald.sock"
        let listener = try UnixSocket.listen(at: SocketAddress(path: path))
        defer { listener.close() }
        let socket = try UnixSocket.connectToServer(at: path)
        socket.close()
    }
}
