import Foundation
@testable import HeraldWire
@testable import HeraldClient
import Testing
import TestSupport

/// A socket that accepts connections but never answers (a hung daemon) must not hang its
/// clients: `connect` gives up after the hello timeout with an error that says what to do.
@Suite struct HelloTimeoutTests {
    @Test(.timeLimit(.minutes(1))) func aServerThatNeverSaysHelloIsGivenUpOn() async throws {
        let directory = try TemporaryDirectory("herald-hello")
        defer { directory.remove() }
        let path = directory.path + "/silent.sock"
        let listener = try UnixSocket.listen(at: SocketAddress(path: path))
        // No stopwatch: that `connect` returns at all (with this error) is what counts; the
        // time limit (a minute, far above the 0.3 s) only bounds a hang.
        await #expect {
            _ = try await IPCClient.connect(socketPath: path, hello: ClientHello(role: .cli, client: "test"),
                                            helloTimeout: 0.3)
        } throws: { error in
            guard case IPCError.noHello(let reported, let seconds) = error else { return false }
            return reported == path && seconds == 0.3 && "\(error)".contains("did not answer within 0.3 s")
        }
        _ = listener
    }
}
