import DaemonHarness
import Foundation
import HeraldClient
import HeraldCore
import HeraldWire

/// Clients that vanish mid-conversation — before their hello, after it, with a
/// subscription, with a `wait` in flight, as a foreground app the daemon is calling, halfway
/// through a line. Afterwards the daemon has the threads and descriptors it had before
/// (`/proc/PID/task`, `/proc/PID/fd`), and every post made meanwhile was acknowledged.
///
/// Full size: `herald-bench stress vanishing` (600 clients, 30 at a time).
struct VanishingClientsStress {
    var clients = 600
    var batch = 30

    struct Outcome {
        var clients = 0
        var before: ProcessFootprint?
        var after: ProcessFootprint?
        /// Posts to vanishing apps that were not acknowledged.
        var failedPosts = 0
    }

    /// The ways a client leaves.
    static let kinds = ["before hello", "after hello", "subscribed", "wait in flight", "foreground app being called",
                        "half a line"]

    func run(herald: String, scratch: URL, log: (String) -> Void) async throws -> Outcome {
        raiseDescriptorLimit()
        let home = scratch.appendingPathComponent("vanishing")
        let daemon = try LaunchedDaemon.forStress(herald: herald, home: home, arguments: ["--rate-limit", "0"])
        return try await daemon.stopping(within: 60) {
            try await daemon.waitUntilReady()
            let poster = try await IPCClient.connect(socketPath: daemon.socketPath, hello: ClientHello(role: .cli, client: "stress poster"))
            defer { poster.close() }
            var outcome = Outcome()

            // A first round warms the daemon (its pool threads, the store); then the baseline.
            outcome.failedPosts += try await round(count: Self.kinds.count * 2, first: 0, daemon: daemon, poster: poster)
            try await settle(daemon)
            outcome.before = daemon.footprint
            log("before: \(daemon.footprint)")

            var made = 0
            while made < clients {
                let count = min(batch, clients - made)
                outcome.failedPosts += try await round(count: count, first: made + 1_000, daemon: daemon, poster: poster)
                made += count
            }
            outcome.clients = made
            try await settle(daemon, toAtMost: outcome.before)
            outcome.after = daemon.footprint
            log("after \(made) vanished clients (\(Self.kinds.joined(separator: ", "))): \(daemon.footprint)")
            return outcome
        }
    }

    /// `count` clients connect, get into their state, and vanish together; returns failed posts.
    private func round(count: Int, first: Int, daemon: LaunchedDaemon, poster: IPCClient) async throws -> Int {
        var sockets: [StressSocket] = []
        var posts: [Task<Bool, Never>] = []
        for n in first..<(first + count) {
            let socket = try StressSocket(daemon.socketPath)
            let app = "com.example.vanishing\(n)"
            switch n % Self.kinds.count {
            case 0: break
            case 1: try socket.send(StressSocket.cliHello)
            case 2: try socket.send(StressSocket.cliHello, #"{"id":1,"method":"subscribe","params":{}}"#)
            case 3: try socket.send(StressSocket.cliHello,
                                    #"{"id":1,"method":"wait","params":{"bundleIdentifier":"x","identifier":"y","timeout":60}}"#)
            case 4:
                // A first post registers the app as authorized (a command-line app).
                _ = try await poster.call(Methods.post, PostParams(bundleIdentifier: app,
                    request: RequestRecord(identifier: "r\(n)", content: ContentRecord(title: "Hello \(n)"))))
                try socket.send(#"{"hello":{"protocol":\#(WireCoding.protocolVersion),"role":"app","bundleIdentifier":"\#(app)"}}"#,
                                #"{"id":1,"method":"connect","params":{"bundleIdentifier":"\#(app)"}}"#,
                                #"{"id":2,"method":"setForeground","params":{"bundleIdentifier":"\#(app)","isForeground":true}}"#)
                _ = socket.receive(seconds: 5, limit: 3)
                // The daemon asks this app's willPresent; the app is gone before it answers.
                let params = PostParams(bundleIdentifier: app,
                                        request: RequestRecord(identifier: "v\(n)", content: ContentRecord(title: "Gone \(n)")))
                posts.append(Task {
                    do {
                        _ = try await poster.call(Methods.post, params)
                        return true
                    } catch {
                        print("a post to \(app), which vanished, failed: \(error)")
                        return false
                    }
                })
            default: try socket.send(StressSocket.cliHello + "\n" + #"{"id":1,"method":"ap"#)
            }
            sockets.append(socket)
        }
        try await Task.sleep(nanoseconds: 20_000_000)
        for socket in sockets { socket.close() }
        var failed = 0
        for post in posts where !(await post.value) { failed += 1 }
        return failed
    }

    /// Waits (up to 15 s) until the daemon's threads and descriptors are back to `baseline`,
    /// or, without one, stop changing.
    private func settle(_ daemon: LaunchedDaemon, toAtMost baseline: ProcessFootprint? = nil) async throws {
        let deadline = Date().addingTimeInterval(15)
        var previous = daemon.footprint
        while Date() < deadline {
            try await Task.sleep(nanoseconds: 200_000_000)
            let now = daemon.footprint
            if let baseline {
                if now.threads <= baseline.threads && now.descriptors <= baseline.descriptors { return }
            } else if now.threads == previous.threads && now.descriptors == previous.descriptors {
                return
            }
            previous = now
        }
    }
}
