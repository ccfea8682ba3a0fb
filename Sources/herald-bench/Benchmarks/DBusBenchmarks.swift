import DaemonHarness
import DBusHarness
import Foundation
import HeraldDBus
import HeraldStore
import HeraldSystem

/// The D-Bus front door: what one `notify-send` costs beyond its own start-up
/// (`notify-send --help`), against `herald daemon`, against dunst (under Xvfb) and against a
/// null server (`NullNotificationsServer`: owns the name and answers at once, the floor every
/// server pays) on private buses, measured in the same run and interleaved; single `Notify`
/// round trips from an open connection to each server (their own cost, without notify-send);
/// and `Notify` calls per second from one connection, pipelined (up to 100 sent before their
/// replies are read), against Herald and the null server.
/// `notify_send_no_server_ms` (a bus with no server: notify-send connects, asks for the name and
/// gives up) is shown for reference.
enum DBusBenchmarks {
    static let metricKeys = ["notify_send_help_ms", "notify_send_no_server_ms", "notify_send_null_ms",
                             "notify_send_floor_added_ms", "notify_send_ms", "notify_send_added_ms",
                             "notify_send_over_floor_ms", "dunst_notify_send_ms", "dunst_notify_send_added_ms",
                             "dunst_notify_send_over_floor_ms", "dunst_over_herald_added_ratio",
                             "dunst_over_herald_over_floor_ratio", "dbus_null_rt_us", "dbus_notify_rt_us",
                             "dunst_notify_round_trip_ms", "dunst_over_herald_round_trip_ratio", "dbus_notify_per_s",
                             "null_notify_per_s", "dbus_null_warm_rt_us", "dbus_notify_warm_rt_us"]

    static func run(_ options: BenchOptions, scratch: URL, report: Report) async throws {
        guard let herald = SocketBenchmarks.heraldPath(options) else {
            return missing("n/a (herald not built: swift build -c release --product herald)", report: report)
        }
        if let reason = Programs.missing(["dbus-daemon", "notify-send"]) {
            return missing("n/a (\(reason))", report: report)
        }
        let notifySend = Programs.which("notify-send")!
        let heraldBus = try PrivateBus()
        defer { heraldBus.stop() }
        let home = HeraldHome(path: scratch.appendingPathComponent("dbus-home").path)
        try home.create()
        let daemon = try LaunchedDaemon.forBenchmark(herald: herald, home: home, socketPath: scratch.appendingPathComponent("dbus.sock").path,
                                                     log: scratch.appendingPathComponent("dbus-daemon.log"),
                                                     environment: heraldBus.environment)
        try await daemon.stopping(within: 30) {
            try await daemon.waitUntilReady()
            try heraldBus.waitForNotificationServer(named: "Herald")

            let nullBus = try PrivateBus()
            defer { nullBus.stop() }
            let null = try NullNotificationsServer(address: nullBus.address)
            defer { null.stop() }
            let dunstBus = try PrivateBus()
            defer { dunstBus.stop() }
            let dunst = try? DunstServer(bus: dunstBus)
            defer { dunst?.stop() }
            let emptyBus = try PrivateBus()
            defer { emptyBus.stop() }

            // Interleaved: --help, no server, the null server, Herald, dunst, repeated; medians.
            let rounds = max(5, options.size(40))
            var help: [Double] = [], noServer: [Double] = [], toNull: [Double] = [], toHerald: [Double] = []
            var toDunst: [Double] = []
            let clients = try [nullBus, heraldBus].map { try RoundTrips(address: $0.address) }
            let dunstClient = dunst == nil ? nil : try RoundTrips(address: dunstBus.address)
            defer { (clients + [dunstClient].compactMap { $0 }).forEach { $0.close() } }
            let post = { (n: Int) in ["-a", "bench", "Bench \(n)", "notify-send benchmark"] }
            for n in 0..<rounds {
                help.append(try time(notifySend, ["--help"], bus: nil))
                noServer.append(try time(notifySend, ["No server"], bus: emptyBus, mayFail: true))
                toNull.append(try time(notifySend, post(n), bus: nullBus))
                toHerald.append(try time(notifySend, post(n), bus: heraldBus))
                if dunst != nil { toDunst.append(try time(notifySend, post(n), bus: dunstBus)) }
            }
            // Then one Notify at a time from an open connection to each server, timed to its reply
            // (the server's own cost, without notify-send around it), closed again untimed (dunst
            // keeps its screen, Herald its list, short), with a pause after each round: a server
            // still drawing (dunst) or indexing the previous notification is not what a
            // notification arriving on its own meets.
            for n in 0..<rounds {
                for client in clients + [dunstClient].compactMap({ $0 }) { try client.measure(n) }
                usleep(50_000)
            }
            // The same round trips back to back, the null server's and Herald's in turn, no pause:
            // what each costs with its code and data in the caches (shown beside the figure above,
            // which is what a notification arriving on its own meets).
            for n in 0..<rounds {
                for client in clients { try client.measure(rounds + n, warm: true) }
            }
            let base = Measure.median(help)
            let floor = Measure.median(toNull)
            let heraldTotal = Measure.median(toHerald)
            let heraldAdded = max(0.01, heraldTotal - base)
            let (nullTrip, heraldTrip) = (clients[0].median, clients[1].median)
            // Herald's own cost per Notify, from the round trips: the floor for its cost over the null
            // server, which the difference of two process medians (each ±1 ms on a loaded machine)
            // can put below zero.
            let heraldOwn = max(0.001, heraldTrip - nullTrip)
            let heraldOverFloor = max(heraldOwn, heraldTotal - floor)
            report.add(Metric("notify_send_help_ms", label: "notify-send --help (start-up)", value: base, unit: "ms"))
            report.add(Metric("notify_send_no_server_ms", label: "notify-send, bus without a server",
                              value: Measure.median(noServer), unit: "ms"))
            report.add(Metric("notify_send_null_ms", label: "notify-send to the null server (the floor)", value: floor, unit: "ms"))
            report.add(Metric("notify_send_floor_added_ms", label: "notify-send to the null server − start-up",
                              value: floor - base, unit: "ms"))
            report.add(Metric("notify_send_ms", label: "notify-send to Herald", value: heraldTotal, unit: "ms"))
            report.add(Metric("notify_send_added_ms", label: "notify-send to Herald − start-up", value: heraldAdded,
                              unit: "ms", goal: 1, direction: .lower))
            report.add(Metric("notify_send_over_floor_ms", label: "notify-send to Herald − null server", value: heraldTotal - floor,
                              unit: "ms"))
            if let dunst, !toDunst.isEmpty {
                let dunstTotal = Measure.median(toDunst)
                let dunstAdded = max(0.01, dunstTotal - base)
                let dunstOverFloor = dunstTotal - floor
                report.add(Metric("dunst_notify_send_ms", label: "notify-send to dunst", value: dunstTotal, unit: "ms"))
                report.add(Metric("dunst_notify_send_added_ms", label: "notify-send to dunst − start-up", value: dunstAdded,
                                  unit: "ms"))
                report.add(Metric("dunst_notify_send_over_floor_ms", label: "notify-send to dunst − null server",
                                  value: dunstOverFloor, unit: "ms"))
                report.add(Metric("dunst_over_herald_added_ratio", label: "added cost over start-up, dunst ÷ Herald",
                                  value: dunstAdded / heraldAdded, unit: "×", goal: 20))
                report.add(Metric("dunst_over_herald_over_floor_ratio", label: "cost over the null server, dunst ÷ Herald",
                                  value: max(0, dunstOverFloor) / heraldOverFloor, unit: "×", goal: 20))
                report.add(Comparison(label: "notify-send added cost over start-up, dunst ÷ Herald",
                                      measured: String(format: "%.2f ms", heraldAdded),
                                      baseline: String(format: "%.2f ms (dunst %@)", dunstAdded, dunst.version),
                                      ratio: dunstAdded / heraldAdded, goal: 20, direction: .higher))
                report.add(Comparison(label: "notify-send cost over the null server, dunst ÷ Herald",
                                      measured: String(format: "%.2f ms (≥ its round trip's)", heraldOverFloor),
                                      baseline: String(format: "%.2f ms (dunst %@)", dunstOverFloor, dunst.version),
                                      ratio: max(0, dunstOverFloor) / heraldOverFloor, goal: 20, direction: .higher))
            } else {
                let reason = "n/a (\(DunstServer.unavailableReason ?? "dunst did not start"))"
                for key in ["dunst_notify_send_ms", "dunst_notify_send_added_ms", "dunst_notify_send_over_floor_ms",
                            "dunst_over_herald_added_ratio", "dunst_over_herald_over_floor_ratio", "dunst_notify_round_trip_ms",
                            "dunst_over_herald_round_trip_ratio"] {
                    report.add(Metric(key, label: key, value: nil, unit: "", missingReason: reason))
                }
            }

            report.add(Metric("dbus_null_rt_us", label: "Notify round trip, null server (median)", value: nullTrip * 1000,
                              unit: "µs"))
            report.add(Metric("dbus_notify_rt_us", label: "Notify round trip, Herald (median; stored before the reply)",
                              value: heraldTrip * 1000, unit: "µs"))
            report.add(Comparison(label: "Notify round trip, Herald ÷ null server (same bus and client)",
                                  measured: String(format: "%.0f µs", heraldTrip * 1000),
                                  baseline: String(format: "%.0f µs", nullTrip * 1000), ratio: heraldTrip / nullTrip, goal: 1.5,
                                  direction: .lower))
            let (nullWarm, heraldWarm) = (clients[0].warmMedian, clients[1].warmMedian)
            report.add(Metric("dbus_null_warm_rt_us", label: "Notify round trip back to back, null server (median)",
                              value: nullWarm * 1000, unit: "µs"))
            report.add(Metric("dbus_notify_warm_rt_us", label: "Notify round trip back to back, Herald (median)",
                              value: heraldWarm * 1000, unit: "µs"))
            report.add(Comparison(label: "Notify round trip back to back, Herald ÷ null server",
                                  measured: String(format: "%.0f µs", heraldWarm * 1000),
                                  baseline: String(format: "%.0f µs", nullWarm * 1000), ratio: heraldWarm / nullWarm, goal: nil,
                                  direction: .lower))
            if let dunstClient, let dunst {
                let dunstOwn = max(0, dunstClient.median - nullTrip)
                report.add(Metric("dunst_notify_round_trip_ms", label: "Notify round trip, dunst (median)",
                                  value: dunstClient.median, unit: "ms"))
                report.add(Metric("dunst_over_herald_round_trip_ratio", label: "Notify round trip over the null server's, dunst ÷ Herald",
                                  value: dunstOwn / heraldOwn, unit: "×", goal: 20))
                report.add(Comparison(label: "Notify round trip over the null server's, dunst ÷ Herald",
                                      measured: String(format: "%.3f ms", heraldTrip - nullTrip),
                                      baseline: String(format: "%.3f ms (dunst %@)", dunstClient.median - nullTrip, dunst.version),
                                      ratio: dunstOwn / heraldOwn, goal: 20, direction: .higher))
            }

            // Notify calls from one connection, pipelined.
            let calls = max(100, options.size(5_000))
            report.add(Metric("dbus_notify_per_s", label: "Notify calls, one connection, pipelined (each stored before its reply)",
                              value: try notifyRate(address: heraldBus.address, calls: calls), unit: "/s", goal: 10_000))
            report.add(Metric("null_notify_per_s", label: "Notify calls, one connection, pipelined, null server",
                              value: try notifyRate(address: nullBus.address, calls: calls), unit: "/s"))
            report.note("dbus: \(rounds) interleaved rounds of notify-send --help / no server / null server / Herald / dunst "
                        + "and one Notify round trip to each server (then back to back, null server and Herald in turn); \(calls) Notify calls pipelined on one connection "
                        + "(\(pipelineWindow) in flight) to Herald and to the null server")
        }
    }

    private static func missing(_ reason: String, report: Report) {
        for key in metricKeys { report.add(Metric(key, label: key, value: nil, unit: "", missingReason: reason)) }
    }

    /// Calls sent before their replies are read (a session bus allows far more pending replies
    /// per connection; a private bus's default is 128).
    static let pipelineWindow = 100

    /// `Notify` calls per second from one connection, pipelined (after 50 to warm up), timed until
    /// the last reply.
    private static func notifyRate(address: String, calls: Int) throws -> Double {
        let client = try DesktopNotificationsClient(address: address)
        defer { client.close() }
        for n in 0..<50 { _ = try client.notify(appName: "bench.calls", summary: "Warm-up \(n)", body: "") }
        let seconds = try Measure.seconds {
            let ids = try client.notifyPipelined(count: calls, window: pipelineWindow, appName: "bench.calls",
                                                 body: "Notify benchmark", hints: ["urgency": .uint32(1)]) { "Call \($0 % 100)" }
            guard Set(ids).count == calls else { throw BenchUsageError("pipelined Notify: \(Set(ids).count) ids for \(calls) calls") }
        }
        return Double(calls) / seconds
    }

    /// One connection to a server, timing single `Notify` calls to their replies.
    private final class RoundTrips {
        private let client: DesktopNotificationsClient
        private var samples: [Double] = []
        private var warmSamples: [Double] = []

        init(address: String) throws {
            client = try DesktopNotificationsClient(address: address)
            _ = try client.notify(appName: "bench.round-trip", summary: "Warm-up", body: "")
        }

        /// Times one `Notify`, then closes the notification (untimed); `warm`: a back-to-back sample.
        func measure(_ n: Int, warm: Bool = false) throws {
            let start = Measure.now()
            let id = try client.notify(appName: "bench.round-trip", summary: "Round trip \(n)", body: "notify benchmark")
            let milliseconds = Double(Measure.now() - start) / 1e6
            if warm { warmSamples.append(milliseconds) } else { samples.append(milliseconds) }
            try client.closeNotification(id)
        }

        var median: Double { Measure.median(samples) }
        var warmMedian: Double { Measure.median(warmSamples) }

        func close() { client.close() }
    }

    /// Milliseconds one process takes, start to exit.
    private static func time(_ executable: String, _ arguments: [String], bus: PrivateBus?,
                             mayFail: Bool = false) throws -> Double {
        let start = Measure.now()
        let status = try ChildProcess(executable, arguments, environment: bus?.environment,
                                      unsetting: bus == nil ? ["DBUS_SESSION_BUS_ADDRESS"] : [], streams: .null)
            .wait(timeout: 60, "\(executable) \(arguments.joined(separator: " "))")
        guard status == 0 || mayFail else { throw BenchUsageError("\(executable) \(arguments.joined(separator: " ")) failed (\(status))") }
        return Double(Measure.now() - start) / 1e6
    }
}
