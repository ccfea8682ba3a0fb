import Foundation
import HeraldClient
import HeraldCore
import HeraldWire

/// How the socket figures are taken, and their floor: the same clients, the same posts,
/// against `NullSocketServer` (which answers at once and stores nothing) — `null_post_p50_us`,
/// `null_post_p99_us` and `null_post_per_s`, measured in the same run as the daemon's
/// `post_p50_us`, `post_p99_us` and `post_per_s`. What the daemon adds over them is its own.
enum SocketFloor {
    /// The floor's figures.
    static func run(scratch: URL, count: Int, clients: Int, perClient: Int, report: Report) async throws {
        let server = try NullSocketServer(path: scratch.appendingPathComponent("null.sock").path)
        defer { server.stop() }
        let hello = ClientHello(role: .cli, client: "herald-bench floor")
        let client = try await IPCClient.connect(socketPath: server.path, hello: hello)
        defer { client.close() }
        _ = try await roundTrips(client, app: "bench.warmup", count: 200)
        let samples = try await roundTrips(client, app: "bench.single", count: count)
        report.add(Metric("null_post_p50_us", label: "post round trip p50, null server", value: Measure.percentile(samples, 0.5),
                          unit: "µs"))
        report.add(Metric("null_post_p99_us", label: "post round trip p99, null server", value: Measure.percentile(samples, 0.99),
                          unit: "µs"))
        var connections: [IPCClient] = []
        for _ in 0..<clients { connections.append(try await IPCClient.connect(socketPath: server.path, hello: hello)) }
        defer { for connection in connections { connection.close() } }
        let seconds = try await concurrentPosts(connections, app: "bench.c", perClient: perClient)
        report.add(Metric("null_post_per_s", label: "posts, 8 clients, null server",
                          value: Double(clients * perClient) / seconds, unit: "/s"))
    }

    /// One post at a time on `client`, each timed from its call to its reply: the samples, in µs.
    /// The posting task runs on the clients' thread (`IPCClient.executor()`): a reply resumes it
    /// where it is read.
    static func roundTrips(_ client: IPCClient, app: String, count: Int) async throws -> [Double] {
        try await withTaskExecutorPreference(IPCClient.executor()) {
            var samples: [Double] = []
            samples.reserveCapacity(count)
            for n in 0..<count {
                let start = Measure.now()
                _ = try await client.call(Methods.post, SocketBenchmarks.params(app, n))
                samples.append(Double(Measure.now() - start) / 1_000)
            }
            return samples
        }
    }

    /// Every connection posting at once, each waiting for its reply before its next post
    /// (`app` + the connection's number posts), each on the clients' thread: the seconds they
    /// all took.
    static func concurrentPosts(_ connections: [IPCClient], app: String, perClient: Int) async throws -> Double {
        let executor = try IPCClient.executor()
        return try await Measure.seconds {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (i, connection) in connections.enumerated() {
                    group.addTask(executorPreference: executor) {
                        for n in 0..<perClient { _ = try await connection.call(Methods.post, SocketBenchmarks.params("\(app)\(i)", n)) }
                    }
                }
                try await group.waitForAll()
            }
        }
    }
}
