import DaemonHarness
import Foundation
import HeraldClient
import HeraldCore
import HeraldWire

/// Clients that connect and say nothing, under a 1,024-descriptor limit. They
/// must not lock anyone out: a client that says hello is still served (the oldest silent one
/// makes room at the 256-connection limit), every silent client that is let go is told why
/// (`tooManyConnections`, or `helloTimeout` after 10 s), and none costs the daemon a thread.
///
/// Full size: `herald-bench stress silent` (400 silent clients, 20 served ones among them, the
/// daemon's `ulimit -n` at 1,024, waiting out the hello timeout).
struct SilentClientsStress {
    var silent = 400
    var served = 20
    var descriptorLimit = 1_024
    /// Wait past the daemon's 10 s hello timeout and check every silent client was told.
    var waitForHelloTimeout = true

    struct Outcome {
        var silent = 0
        var served = 0
        /// Served clients that were refused or got no answer.
        var notServed = 0
        /// Silent clients let go with a reason (`tooManyConnections`, `helloTimeout`).
        var toldWhy = 0
        /// Silent clients closed without a reason, or still connected at the end.
        var notTold = 0
        var before: ProcessFootprint?
        var peak: ProcessFootprint?
        var after: ProcessFootprint?
        var slowestServedMilliseconds = 0.0
    }

    func run(herald: String, scratch: URL, log: (String) -> Void) async throws -> Outcome {
        raiseDescriptorLimit()
        let home = scratch.appendingPathComponent("silent")
        let daemon = try LaunchedDaemon.forStress(herald: herald, home: home, descriptorLimit: descriptorLimit)
        return try await daemon.stopping(within: 60) {
            try await daemon.waitUntilReady()
            // One served client first: what the daemon opens once, on its first request (the
            // store's reader connection), is part of the baseline, not of what the clients left.
            let warmUp = try await IPCClient.connect(socketPath: daemon.socketPath,
                                                     hello: ClientHello(role: .cli, client: "stress warm-up"), helloTimeout: 10)
            _ = try await warmUp.call(Methods.apps, Empty())
            warmUp.close()
            var outcome = Outcome()
            outcome.before = daemon.footprint
            log("before: \(daemon.footprint)")

            var quiet: [StressSocket] = []
            let servedEvery = max(1, silent / max(1, served))
            for n in 0..<silent {
                quiet.append(try StressSocket(daemon.socketPath))
                outcome.silent += 1
                if (n + 1) % servedEvery == 0 && outcome.served < served {
                    // A client with something to say, among the silent ones.
                    outcome.served += 1
                    let start = Date()
                    do {
                        let client = try await IPCClient.connect(socketPath: daemon.socketPath,
                                                                 hello: ClientHello(role: .cli, client: "stress served"),
                                                                 helloTimeout: 10)
                        _ = try await client.call(Methods.apps, Empty())
                        client.close()
                        outcome.slowestServedMilliseconds = max(outcome.slowestServedMilliseconds,
                                                                Date().timeIntervalSince(start) * 1000)
                    } catch {
                        outcome.notServed += 1
                        log("a client with a hello was not served: \(error)")
                    }
                }
            }
            outcome.peak = daemon.footprint
            log("with \(silent) silent clients: \(daemon.footprint)")

            // Each silent client is let go with a reason: now (made room) or at the hello timeout.
            let wait = waitForHelloTimeout ? 13.0 : 0.5
            let deadline = Date().addingTimeInterval(wait)
            var reasons: [String: Int] = [:]
            for socket in quiet {
                let (lines, ended) = socket.receive(seconds: max(0.01, deadline.timeIntervalSinceNow), limit: 1)
                if let line = lines.first, let reason = StressSocket.errorReason(line) {
                    reasons[reason, default: 0] += 1
                    outcome.toldWhy += 1
                } else if ended || waitForHelloTimeout {
                    outcome.notTold += 1
                }
                socket.close()
            }
            log("silent clients let go: \(reasons.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "))")
            // Everything goes back to where it was once the clients are gone.
            let settle = Date().addingTimeInterval(10)
            while Date() < settle, daemon.footprint.descriptors > (outcome.before?.descriptors ?? 0) {
                try await Task.sleep(nanoseconds: 50_000_000)
            }
            outcome.after = daemon.footprint
            log("after: \(daemon.footprint)")
            return outcome
        }
    }
}
