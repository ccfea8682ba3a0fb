import Foundation
import HeraldClient
import HeraldCore
import HeraldWire

/// Subscribers that never read (a `herald` UI suspended with Ctrl-Z). Posts
/// keep coming; each subscriber's queue stops at 8 MiB, it is dropped with `queueOverflow`,
/// and the daemon's memory comes back to where it was before the subscribers came.
///
/// Full size: `herald-bench stress subscribers` (8 subscribers, 2,000 posts of 16 KiB each; the
/// same posts first without subscribers, so "before" includes a warmed store).
struct NonReadingSubscribersStress {
    var subscribers = 8
    var posts = 2_000
    var bodyBytes = 16_384

    struct Outcome {
        var subscribers = 0
        var posts = 0
        /// Subscribers that read `queueOverflow` when they woke up.
        var toldWhy = 0
        var memory = ResidentMemory()
        /// Posts not acknowledged.
        var failedPosts = 0
    }

    func run(herald: String, scratch: URL, log: (String) -> Void) async throws -> Outcome {
        let run = try await NonReadingClientsDaemon.start(herald: herald, scratch: scratch, name: "subscribers")
        return try await run.stopping {
            let (daemon, poster) = (run.daemon, run.poster)
            var outcome = Outcome()
            let body = String(repeating: "x", count: bodyBytes)

            // The same posts without subscribers first: the store and the daemon warm up.
            outcome.failedPosts += await poster.postStress(app: "com.example.stress.subscribers", count: posts, body: body, tag: "warm")
            try await run.measureBefore(log: log)

            var sleepers: [StressSocket] = []
            for _ in 0..<subscribers {
                let socket = try StressSocket(daemon.socketPath)
                try socket.send(StressSocket.cliHello, #"{"id":1,"method":"subscribe","params":{}}"#)
                _ = socket.receive(seconds: 5, limit: 2)   // the hello and the subscribe reply; then it stops reading
                sleepers.append(socket)
            }
            outcome.subscribers = sleepers.count
            outcome.failedPosts += await poster.postStress(app: "com.example.stress.subscribers", count: posts, body: body, tag: "flood")
            outcome.posts = posts * 2
            // The subscribers wake up (within the daemon's 10 s grace) and read what was left for them.
            for socket in sleepers {
                let (lines, _) = socket.receive(seconds: 10)
                if let last = lines.last, StressSocket.errorReason(last) == "queueOverflow" { outcome.toldWhy += 1 }
                socket.close()
            }
            outcome.memory = try await run.measureAfter(log: log)
            return outcome
        }
    }
}

extension IPCClient {
    /// Posts `count` notifications of `app` ("TAG-N", titled "Flood N"); returns how many failed.
    func postStress(app: String, count: Int, body: String, tag: String) async -> Int {
        var failed = 0
        for n in 0..<count {
            let params = PostParams(bundleIdentifier: app,
                                    request: RequestRecord(identifier: "\(tag)-\(n)",
                                                           content: ContentRecord(title: "Flood \(n)", body: body)))
            do { _ = try await call(Methods.post, params) } catch { failed += 1 }
        }
        return failed
    }
}
