import Foundation
@testable import HeraldWire
@testable import HeraldClient
import Testing
import TestSupport

/// A socket that accepts connections but never answers (a hung daemon) must not hang its
/// clients: `connect` gives up after the hello timeout with an error that says what to do.
@Suite struct HelloTimeoutTests {
    @Test func aServerThatNeverSaysHelloIsGivenUpOn() async throws {
        let directory = try TemporaryDirectory("herald-hello")
        defer { directory.remove() }
        let path = directory.path + "/silent.sock"
        let listener = try UnixSocket.listen(at: SocketAddress(path: path))
        let started = Date()
        await #expect {
            _ = try await IPCClient.connect(socketPath: path, hello: ClientHello(role: .cli, client: "test"),
                                            helloTimeout: 0.3)
        } throws: { error in
            guard case IPCError.noHello(let reported, let seconds) = error else { return false }
            return reported == path && seconds == 0.3 && "\(error)".contains("did not answer within 0.3 s")
        }
        #expect(Date().timeIntervalSince(started) < 10)
        _ = listener
    }
}
