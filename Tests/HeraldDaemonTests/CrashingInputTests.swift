import Foundation
import HeraldClient
import HeraldCore
@testable import HeraldWire
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// What once stopped the real daemon with SIGILL — a number Swift cannot convert, a log that
/// cannot be written — is refused naming the limit, or dropped and counted, and the daemon
/// serves on.
@Suite(.serialized) struct CrashingInputTests {
    /// A raw `wait` whose timeout is past any integer: refused naming the field and the limit.
    @Test(arguments: [1e19, 1e300, -1])
    func aWaitWithAHugeTimeoutIsRefusedAndTheDaemonServesOn(timeout: Double) async throws {
        try await DaemonFixture.with { daemon in
            let client = try await IPCClient.connect(socketPath: daemon.socketPath, hello: ClientHello(role: .cli))
            defer { client.close() }
            await #expect {
                try await client.call(Methods.wait, WaitParams(bundleIdentifier: "make", identifier: "build", timeout: timeout))
            } throws: { error in
                "\(error)".contains("timeout") && "\(error)".contains("31536000")
            }
            let again = try await IPCClient.connect(socketPath: daemon.socketPath, hello: ClientHello(role: .cli))
            defer { again.close() }
            _ = try await again.call(Methods.apps, Empty())
        }
    }

    @Test func postWaitWithAHugeTimeoutIsAUsageErrorAndNothingIsPosted() async throws {
        try await DaemonFixture.with { daemon in
            let result = try await runBuiltProgram("herald", ["--home", daemon.home.path, "post", "--title", "x",
                                                              "--wait", "--timeout", "1e19"],
                                                   environment: daemon.appEnvironment(bundleIdentifier: "make"))
            #expect(result.status == 2)
            #expect(result.stderr.contains("--timeout") && result.stderr.contains("31536000"))
            let client = try await IPCClient.connect(socketPath: daemon.socketPath, hello: ClientHello(role: .cli))
            defer { client.close() }
            #expect(try await client.call(Methods.apps, Empty()).isEmpty)
        }
    }

    /// The daemon's log on a device that is always full (`/dev/full`: every write fails with
    /// ENOSPC): it starts, serves 40 clients (two log lines each) and stops cleanly.
    @Test func aDaemonWhoseLogCannotBeWrittenServesOn() async throws {
        let daemon = try await DaemonFixture.start(DaemonOptions(unsetting: ["HERALD_NO_SPAWN"], logPath: "/dev/full"))
        for index in 0..<40 {
            let client = try await IPCClient.connect(socketPath: daemon.socketPath,
                                                     hello: ClientHello(role: .cli, client: "client \(index)"))
            _ = try await client.call(Methods.apps, Empty())
            client.close()
        }
        #expect(await daemon.stop() == 0)
    }

    /// The writer behind the log: a failing write is dropped and counted, and the next line
    /// that can be written says how many were lost.
    @Test func aLineThatCannotBeWrittenIsDroppedCountedAndReported() throws {
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0)
        defer { close(full) }
        let writer = LineWriter(descriptor: full)
        #expect(!writer.write("one"))
        #expect(!writer.write("two"))
        #expect(writer.droppedLines == 2)

        // A pipe that is full refuses (non-blocking), then takes the next line once read.
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        let filler = [UInt8](repeating: 0x41, count: 4096)
        while filler.withUnsafeBytes({ write(ends[1], $0.baseAddress, $0.count) }) > 0 {}
        let pipeWriter = LineWriter(descriptor: ends[1])
        #expect(!pipeWriter.write("lost"))
        var drained = [UInt8](repeating: 0, count: 65_536)
        while drained.withUnsafeMutableBytes({ read(ends[0], $0.baseAddress, $0.count) }) > 0 {}
        #expect(pipeWriter.write("kept"))
        #expect(pipeWriter.droppedLines == 0)
        var received = [UInt8](repeating: 0, count: 65_536)
        let count = received.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
        let text = String(decoding: received.prefix(max(0, count)), as: UTF8.self)
        #expect(text.contains("(1 log line dropped before this one: Resource temporarily unavailable)\n"))
        #expect(text.hasSuffix("kept\n"))
    }
}
