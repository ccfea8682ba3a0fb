import Foundation
import HeraldClient
import HeraldCore
import HeraldWire

/// Clients that ask for the whole history and never read the answer. Each reply is at most
/// one line of 1 MiB (a page; the client pages on), at most a few are put together at once, a
/// client's unread output stops at 8 MiB, and the daemon's memory comes back when they go.
///
/// Full size: `herald-bench stress readers` (20 readers of `history` with `limit` 1,000,000
/// over 2,000 notifications of 16 KiB; "before" is after one reader paged through it all).
struct NonReadingReadersStress {
    var readers = 20
    var posts = 2_000
    var bodyBytes = 16_384

    struct Outcome {
        var readers = 0
        var posts = 0
        /// Posts not acknowledged.
        var failedPosts = 0
        /// Readers that, once they read, found their page of history.
        var answered = 0
        /// The longest line a reader received.
        var longestLine = 0
        /// Rows of the first page a reader got (of `posts`).
        var firstPageRows = 0
        var memory = ResidentMemory()
    }

    func run(herald: String, scratch: URL, log: (String) -> Void) async throws -> Outcome {
        let run = try await NonReadingClientsDaemon.start(herald: herald, scratch: scratch, name: "readers")
        return try await run.stopping {
            let (daemon, client) = (run.daemon, run.poster)
            var outcome = Outcome(readers: readers, posts: posts)
            outcome.failedPosts = await client.postStress(app: "com.example.stress.readers", count: posts,
                                                          body: String(repeating: "x", count: bodyBytes), tag: "read")
            // One reader that does read, page after page (the store and the read path warm up).
            var offset = 0
            while true {
                // (Pages of 50: what fits a line on a daemon that sends whole pages, too.)
                let page = try await client.call(Methods.history, HistoryQuery(limit: 50, offset: offset))
                if page.isEmpty { break }
                offset += page.count
            }
            try await run.measureBefore(log: log, note: " (\(offset) rows read in pages)")

            var sleepers: [StressSocket] = []
            for _ in 0..<readers {
                let socket = try StressSocket(daemon.socketPath)
                try socket.send(StressSocket.cliHello, #"{"id":1,"method":"history","params":{"limit":1000000,"offset":0,"unreadOnly":false}}"#)
                sleepers.append(socket)
            }
            // They sleep while the daemon answers (the resident memory is sampled meanwhile).
            try await Task.sleep(nanoseconds: 5_000_000_000)
            for socket in sleepers {
                let (lines, _) = socket.receive(seconds: 10, limit: 2)
                outcome.longestLine = max(outcome.longestLine, socket.longestLine)
                if let reply = lines.last.flatMap({ try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }),
                   reply["id"] as? Int == 1, let rows = reply["result"] as? [Any] {
                    outcome.answered += 1
                    outcome.firstPageRows = max(outcome.firstPageRows, rows.count)
                }
                socket.close()
            }
            outcome.memory = try await run.measureAfter(log: log)
            return outcome
        }
    }
}
