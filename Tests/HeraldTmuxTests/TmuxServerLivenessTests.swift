import Foundation
@testable import HeraldTmux
import HeraldWire
import Testing

/// Whether a tmux server is up: a socket that takes connections is, a file that is not a socket
/// or a socket file left behind by a server that died is not (no `tmux` process is spent on it).
@Suite struct TmuxServerLivenessTests {
    static func scratchPath(_ name: String) -> String {
        "/tmp/herald-tmux-liveness-\(getpid())-\(name)"
    }

    @Test func aListeningSocketIsUp() throws {
        let path = Self.scratchPath("live")
        let listener = try UnixSocket.listen(at: SocketAddress(path: path))
        defer { listener.close(); unlink(path) }
        #expect(TmuxServer(socketPath: path, executable: "/bin/false").isUp)
    }

    @Test func aSocketLeftByADeadServerIsNotUp() throws {
        let path = Self.scratchPath("stale")
        let listener = try UnixSocket.listen(at: SocketAddress(path: path))
        listener.close()   // the file stays, as when a server is killed
        defer { unlink(path) }
        var info = stat()
        #expect(stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK)
        #expect(!TmuxServer(socketPath: path, executable: "/bin/false").isUp)
    }

    @Test func aMissingSocketOrAPlainFileIsNotUp() throws {
        let path = Self.scratchPath("plain")
        #expect(!TmuxServer(socketPath: path, executable: "/bin/false").isUp)
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        defer { unlink(path) }
        #expect(!TmuxServer(socketPath: path, executable: "/bin/false").isUp)
    }
}
