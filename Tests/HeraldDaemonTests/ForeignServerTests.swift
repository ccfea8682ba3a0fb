import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `HERALD_SOCKET` in a shared directory where another user listens: the real `herald post` and
/// `herald dnd` (one client of each kind) send that server nothing and say whose socket it is. The other user is
/// `nobody`, whose fake server (perl, started with `setpriv`) answers like a daemon and records
/// every byte it gets; this needs root.
@Suite struct ForeignServerTests {
    static let canSwitchUser = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/perl")

    /// Listens at ARGV[0], says hello like a daemon, appends what it reads to ARGV[1], and closes
    /// a client silent for 2 s (so a client that did send is not left waiting for a reply).
    private static let fakeServer = #"""
        use IO::Socket::UNIX; use IO::Select; use Socket;
        $SIG{PIPE} = 'IGNORE';
        my ($path, $log) = @ARGV;
        my $server = IO::Socket::UNIX->new(Type => SOCK_STREAM(), Local => $path, Listen => 8) or die "listen: $!";
        chmod 0777, $path;
        open(my $ready, '>', "$log.ready"); close $ready;
        while (my $client = $server->accept) {
            syswrite($client, qq({"hello":{"protocol":1,"server":"herald","pid":1}}\n));
            my ($buffer, $ready) = ('', IO::Select->new($client));
            while ($ready->can_read(2) && sysread($client, $buffer, 65536)) {
                open(my $out, '>>', $log); print $out $buffer; close $out;
            }
            close $client;
        }
        """#

    @Test(.enabled(if: canSwitchUser, "needs root, setpriv and perl to run a server as another user"))
    func postsNeverReachAnotherUsersServer() async throws {
        let shared = try TemporaryDirectory("herald-shared")
        defer { shared.remove() }
        chmod(shared.path, 0o1777)   // like /tmp
        let socketPath = shared.path + "/herald.sock"
        let log = shared.path + "/received"
        let server = try ChildProcess("/usr/bin/setpriv",
                                      ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/perl", "-e",
                                       Self.fakeServer, socketPath, log], streams: .null)
        defer {
            server.signal(SIGKILL)
            _ = server.wait()
        }
        #expect(await eventually(timeout: 20) { FileManager.default.fileExists(atPath: log + ".ready") })
        let home = try TemporaryDirectory("herald-victim")
        defer { home.remove() }
        let environment = ["HERALD_SOCKET": socketPath, "HERALD_NO_SPAWN": "1"]
        let post = try await runBuiltProgram("herald", ["--home", home.path, "post", "--title", "Your 2FA code is 482913"],
                                             environment: environment)
        #expect(post.status != 0)
        #expect(post.stderr.contains("is served by user id 65534, not by you (user id 0)"))
        let dnd = try await runBuiltProgram("herald", ["--home", home.path, "dnd", "on"], environment: environment)
        #expect(dnd.status != 0)
        #expect(dnd.stderr.contains("is served by user id 65534"))
        let received = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(received.isEmpty, "the other user's server received: \(received.prefix(200))")
    }
}
