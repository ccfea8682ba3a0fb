import DaemonHarness
import Foundation
import HeraldBroker
import HeraldCore
import HeraldWire
import HeraldClient
import HeraldStore
import HeraldSystem
import MosquittoHarness
import Synchronization

/// Posting through an MQTT broker next to posting over the local socket, in the same run, to the
/// same `herald daemon --broker` (a real mosquitto on a loopback port, configured as Debian ships
/// it: persistence saved every 30 minutes). Both paths are timed the
/// same way: from the post leaving the sender to the `delivered` event reaching a subscribed
/// client of the daemon (so the broker's hop, the daemon's MQTT loop, its durable commit and the
/// PUBACK are all inside the broker figure).
///
/// - `broker_post_p50_us` / `broker_post_p99_us` and `socket_post_p50_us` / `socket_post_p99_us`:
///   one post at a time.
/// - `broker_post_per_s` / `socket_post_per_s`: N posts sent without waiting (the broker path:
///   one publisher, up to 100 in flight; the socket: 8 clients), until all N were delivered.
/// - `broker_null_per_s`: the floor beside `broker_post_per_s` — the same broker, publisher and
///   posts, to a subscriber that only acknowledges (`mosquitto_sub`, QoS 1, a persistent session
///   as the daemon's), until it has all N.
enum BrokerBenchmarks {
    static let metricKeys = ["broker_post_p50_us", "broker_post_p99_us", "broker_post_per_s", "broker_null_per_s",
                             "socket_post_p50_us", "socket_post_p99_us", "socket_post_per_s"]

    /// Counts `delivered` events and wakes whoever waits for a given identifier or a total.
    final class Deliveries: Sendable {
        private struct State {
            var seen: Set<String> = []
            var waiters: [(String, CheckedContinuation<Void, Never>)] = []
            var countWaiter: (Int, CheckedContinuation<Void, Never>)?
        }
        private let state = Mutex(State())

        func record(_ event: CenterEvent) {
            guard case .delivered(let record, _) = event else { return }
            let resumes = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.seen.insert(record.identifier)
                var resumes: [CheckedContinuation<Void, Never>] = []
                state.waiters.removeAll { waiter in
                    guard waiter.0 == record.identifier else { return false }
                    resumes.append(waiter.1)
                    return true
                }
                if let (count, waiter) = state.countWaiter, state.seen.count >= count {
                    resumes.append(waiter)
                    state.countWaiter = nil
                }
                return resumes
            }
            resumes.forEach { $0.resume() }
        }

        func wait(for identifier: String) async {
            await withCheckedContinuation { continuation in
                let done = state.withLock { state -> Bool in
                    if state.seen.contains(identifier) { return true }
                    state.waiters.append((identifier, continuation))
                    return false
                }
                if done { continuation.resume() }
            }
        }

        func wait(count: Int) async {
            await withCheckedContinuation { continuation in
                let done = state.withLock { state -> Bool in
                    if state.seen.count >= count { return true }
                    state.countWaiter = (count, continuation)
                    return false
                }
                if done { continuation.resume() }
            }
        }

        func reset() { state.withLock { $0.seen.removeAll() } }
    }

    static func reportMissing(_ reason: String, report: Report) {
        for key in metricKeys { report.add(Metric(key, label: key, value: nil, unit: "", missingReason: reason)) }
    }

    static func run(_ options: BenchOptions, scratch: URL, report: Report) async throws {
        if let reason = MosquittoBroker.unavailableReason {
            reportMissing("n/a (\(reason))", report: report)
            return
        }
        guard let herald = SocketBenchmarks.heraldPath(options) else {
            reportMissing("n/a (herald not built: swift build -c release --product herald)", report: report)
            return
        }
        // mosquitto as Debian ships it (saved every 30 minutes), not the tests' save-after-every-change.
        let broker = try MosquittoBroker(prefix: "herald/bench", persistence: .shippedDefault)
        defer { broker.stop() }
        let home = HeraldHome(path: scratch.appendingPathComponent("broker-daemon").path)
        try home.create()
        let socketPath = scratch.appendingPathComponent("b.sock").path
        let log = scratch.appendingPathComponent("broker-daemon.log")
        let daemon = try LaunchedDaemon.forBenchmark(herald: herald, home: home, socketPath: socketPath, log: log,
                                                     arguments: ["--broker", broker.url()])
        try await daemon.waitUntilReady()
        try await daemon.stopping(within: 10) {
            let observer = try await daemon.connect(as: "herald-bench events")
            defer { observer.close() }
            let deliveries = Deliveries()
            observer.onEvent { deliveries.record($0) }
            _ = try await observer.call(Methods.subscribe, SubscribeParams())
            try await daemon.waitForLog("Broker: connected")

            let settings = try BrokerSettings.resolve(url: broker.url(), environment: [:])
            let publisher = try await BrokerPublisher.connect(settings: settings, sender: "herald-bench")
            defer { publisher.close() }
            let client = try await daemon.connect(as: "herald-bench")
            defer { client.close() }

            @Sendable func params(_ path: String, _ n: Int) -> PostParams {
                PostParams(bundleIdentifier: "bench.\(path)",
                           request: RequestRecord(identifier: "\(path)-\(n)",
                                                  content: ContentRecord(title: "Bench \(n % 100)", body: "\(path) benchmark post \(n)")))
            }

            // Warm both paths.
            for n in 0..<50 {
                try await publisher.post(params("warm-broker", n))
                _ = try await client.call(Methods.post, params("warm-socket", n))
            }
            await deliveries.wait(for: "warm-broker-49")

            // One at a time, alternating, so both see the same machine.
            let count = options.size(2_000)
            var brokerSamples: [Double] = []
            var socketSamples: [Double] = []
            for n in 0..<count {
                var start = Measure.now()
                try await publisher.post(params("broker", n))
                await deliveries.wait(for: "broker-\(n)")
                brokerSamples.append(Double(Measure.now() - start) / 1_000)
                start = Measure.now()
                _ = try await client.call(Methods.post, params("socket", n))
                await deliveries.wait(for: "socket-\(n)")
                socketSamples.append(Double(Measure.now() - start) / 1_000)
            }
            report.add(Metric("broker_post_p50_us", label: "broker post → delivered p50",
                              value: Measure.percentile(brokerSamples, 0.5), unit: "µs", direction: .lower))
            report.add(Metric("broker_post_p99_us", label: "broker post → delivered p99",
                              value: Measure.percentile(brokerSamples, 0.99), unit: "µs", direction: .lower))
            report.add(Metric("socket_post_p50_us", label: "socket post → delivered p50",
                              value: Measure.percentile(socketSamples, 0.5), unit: "µs", direction: .lower))
            report.add(Metric("socket_post_p99_us", label: "socket post → delivered p99",
                              value: Measure.percentile(socketSamples, 0.99), unit: "µs", direction: .lower))

            // Throughput: everything sent without waiting, until all of it was delivered.
            let bulk = options.size(10_000)
            deliveries.reset()
            let brokerSeconds = try await Measure.seconds {
                try await publishAll(bulk, with: publisher) { params("bulk-broker", $0) }
                await deliveries.wait(count: bulk)
            }
            let nullSeconds = try await nullSubscriberSeconds(broker: broker, count: bulk) { params("bulk-null", $0) }
            deliveries.reset()
            let clients = 8
            var connections: [IPCClient] = []
            for i in 0..<clients { connections.append(try await daemon.connect(as: "herald-bench \(i)")) }
            defer { connections.forEach { $0.close() } }
            let socketSeconds = try await Measure.seconds {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (i, connection) in connections.enumerated() {
                        group.addTask {
                            for n in stride(from: i, to: bulk, by: clients) {
                                _ = try await connection.call(Methods.post, params("bulk-socket", n))
                            }
                        }
                    }
                    try await group.waitForAll()
                }
                await deliveries.wait(count: bulk)
            }
            report.add(Metric("broker_post_per_s", label: "broker posts → delivered", value: Double(bulk) / brokerSeconds, unit: "/s",
                              goal: 2_000))
            report.add(Metric("broker_null_per_s", label: "broker posts → a subscriber that only acknowledges",
                              value: nullSeconds.map { Double(bulk) / $0 }, unit: "/s",
                              missingReason: nullSeconds == nil ? "n/a (mosquitto_sub is not installed)" : nil))
            report.add(Metric("socket_post_per_s", label: "socket posts → delivered", value: Double(bulk) / socketSeconds, unit: "/s"))
            report.add(Comparison(label: "broker / socket posts per second",
                                  measured: Report.format(Double(bulk) / brokerSeconds) + "/s",
                                  baseline: Report.format(Double(bulk) / socketSeconds) + "/s",
                                  ratio: socketSeconds / brokerSeconds, goal: 0.1, direction: .higher))
            report.note("broker: mosquitto on 127.0.0.1:\(broker.port), QoS 1; \(count) posts one at a time on each path "
                        + "(timed post → delivered event), \(bulk) posts in bulk on each")
        }
    }

    /// Publishes `count` posts, up to 100 awaiting the broker's acknowledgement at once.
    static func publishAll(_ count: Int, with publisher: BrokerPublisher, _ post: @escaping @Sendable (Int) -> PostParams) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for n in 0..<count {
                group.addTask { try await publisher.post(post(n), timeout: 120) }
                if n >= 100 { try await group.next() }
            }
            try await group.waitForAll()
        }
    }

    /// Seconds to publish `count` posts (as the broker benchmark does, under a prefix the daemon
    /// does not read) until a subscriber that only acknowledges has them all; `nil` without
    /// `mosquitto_sub`.
    static func nullSubscriberSeconds(broker: MosquittoBroker, count: Int,
                                      _ post: @escaping @Sendable (Int) -> PostParams) async throws -> Double? {
        let program = "/usr/bin/mosquitto_sub"
        guard FileManager.default.isExecutableFile(atPath: program) else { return nil }
        let prefix = "herald/floor"
        let arguments = ["-h", "127.0.0.1", "-p", String(broker.port), "-q", "1", "-t", "\(prefix)/post/#",
                         "-i", "herald-bench-null", "-c"]
        // The session and its subscription first (`-E`: exit once subscribed), so nothing is missed.
        guard try ChildProcess(program, arguments + ["-E"], streams: .null).wait(timeout: 10, "mosquitto_sub -E") == 0 else {
            throw BenchUsageError("mosquitto_sub could not subscribe on port \(broker.port)")
        }
        let settings = try BrokerSettings.resolve(url: "mqtt://127.0.0.1:\(broker.port)/\(prefix)", environment: [:])
        let publisher = try await BrokerPublisher.connect(settings: settings, sender: "herald-bench")
        defer { publisher.close() }
        let subscriber = try ChildProcess(program, arguments + ["-C", String(count)], streams: .null)
        defer { _ = subscriber.waitKilling(after: 0) }
        return try await Measure.seconds {
            try await publishAll(count, with: publisher, post)
            let deadline = Date().addingTimeInterval(120)
            while subscriber.isRunning {
                guard Date() < deadline else { throw BenchUsageError("mosquitto_sub did not get \(count) posts in 120 s") }
                try await Task.sleep(nanoseconds: 1_000_000)
            }
        }
    }
}
