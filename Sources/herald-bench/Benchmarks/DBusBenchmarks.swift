import DBusHarness
import Foundation
import HeraldDBus
import HeraldSystem

/// The D-Bus front door: what one `notify-send` costs beyond its own start-up
/// (`notify-send --help`), against `herald daemon`, against dunst (under Xvfb) and against a
/// null server (`NullNotificationsServer`: owns the name and answers at once, the floor every
/// server pays) on private buses, measured in the same run and interleaved; and `Notify` calls
/// per second from one connection, against Herald and against the null server.
/// `notify_send_no_server_ms` (a bus with no server: notify-send connects, asks for the name and
/// gives up) is shown for reference.
enum DBusBenchmarks {
    static let metricKeys = ["notify_send_help_ms", "notify_send_no_server_ms", "notify_send_null_ms",
                             "notify_send_floor_added_ms", "notify_send_ms", "notify_send_added_ms",
                             "notify_send_over_floor_ms", "dunst_notify_send_ms", "dunst_notify_send_added_ms",
                             "dunst_notify_send_over_floor_ms", "dunst_over_herald_added_ratio",
                             "dunst_over_herald_over_floor_ratio", "dbus_notify_per_s", "null_notify_per_s",
                             "notify_round_trip_ms", "null_notify_round_trip_ms"]

    static func run(_ options: BenchOptions, scratch: URL, report: Report) throws {
        guard let herald = SocketBenchmarks.heraldPath(options) else {
            return missing("n/a (herald not built: swift build -c release --product herald)", report: report)
        }
        if let reason = Programs.missing(["dbus-daemon", "notify-send"]) {
            return missing("n/a (\(reason))", report: report)
        }
        let notifySend = Programs.which("notify-send")!
        let heraldBus = try PrivateBus()
        defer { heraldBus.stop() }
        let home = scratch.appendingPathComponent("dbus-home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let daemon = try ChildProcess(herald, ["--home", home.path, "daemon"],
                                      environment: heraldBus.environment.merging(
                                        ["HERALD_SOCKET": scratch.appendingPathComponent("dbus.sock").path]) { $1 },
                                      streams: .logFile(scratch.appendingPathComponent("dbus-daemon.log").path))
        defer { daemon.stop(within: 30) }
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
        let post = { (n: Int) in ["-a", "bench", "Bench \(n)", "notify-send benchmark"] }
        for n in 0..<rounds {
            help.append(try time(notifySend, ["--help"], bus: nil))
            noServer.append(try time(notifySend, ["No server"], bus: emptyBus, mayFail: true))
            toNull.append(try time(notifySend, post(n), bus: nullBus))
            toHerald.append(try time(notifySend, post(n), bus: heraldBus))
            if dunst != nil { toDunst.append(try time(notifySend, post(n), bus: dunstBus)) }
        }
        let base = Measure.median(help)
        let floor = Measure.median(toNull)
        let heraldTotal = Measure.median(toHerald)
        let heraldAdded = max(0.01, heraldTotal - base)
        let heraldOverFloor = max(0.01, heraldTotal - floor)
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
                                  measured: String(format: "%.2f ms", heraldTotal - floor),
                                  baseline: String(format: "%.2f ms (dunst %@)", dunstOverFloor, dunst.version),
                                  ratio: max(0, dunstOverFloor) / heraldOverFloor, goal: 20, direction: .higher))
        } else {
            let reason = "n/a (\(DunstServer.unavailableReason ?? "dunst did not start"))"
            for key in ["dunst_notify_send_ms", "dunst_notify_send_added_ms", "dunst_notify_send_over_floor_ms",
                        "dunst_over_herald_added_ratio", "dunst_over_herald_over_floor_ratio"] {
                report.add(Metric(key, label: key, value: nil, unit: "", missingReason: reason))
            }
        }

        // Notify calls from one connection, each waiting for its reply: the server's own cost per
        // notification, without notify-send's start-up and bus set-up around it.
        let calls = max(100, options.size(5_000))
        let heraldCalls = try notifyCalls(address: heraldBus.address, calls: calls)
        let nullCalls = try notifyCalls(address: nullBus.address, calls: calls)
        report.add(Metric("dbus_notify_per_s", label: "Notify calls, one connection (each stored before its reply)",
                          value: heraldCalls.perSecond, unit: "/s", goal: 2_000))
        report.add(Metric("null_notify_per_s", label: "Notify calls, one connection, null server",
                          value: nullCalls.perSecond, unit: "/s"))
        report.add(Metric("notify_round_trip_ms", label: "Notify round trip, Herald (median)", value: heraldCalls.medianMs,
                          unit: "ms"))
        report.add(Metric("null_notify_round_trip_ms", label: "Notify round trip, null server (median)",
                          value: nullCalls.medianMs, unit: "ms"))
        let heraldOwn = max(0.001, heraldCalls.medianMs - nullCalls.medianMs)
        if dunst != nil, let dunstCalls = try? notifyCalls(address: dunstBus.address, calls: max(100, calls / 10)) {
            let dunstOwn = dunstCalls.medianMs - nullCalls.medianMs
            report.add(Metric("dunst_notify_per_s", label: "Notify calls, one connection, dunst", value: dunstCalls.perSecond,
                              unit: "/s"))
            report.add(Metric("dunst_notify_round_trip_ms", label: "Notify round trip, dunst (median)",
                              value: dunstCalls.medianMs, unit: "ms"))
            report.add(Metric("dunst_over_herald_round_trip_ratio", label: "Notify round trip over the null server's, dunst ÷ Herald",
                              value: max(0, dunstOwn) / heraldOwn, unit: "×"))
            report.add(Comparison(label: "Notify round trip over the null server's, dunst ÷ Herald",
                                  measured: String(format: "%.3f ms", heraldCalls.medianMs - nullCalls.medianMs),
                                  baseline: String(format: "%.3f ms (dunst)", dunstOwn),
                                  ratio: max(0, dunstOwn) / heraldOwn, goal: 20, direction: .higher))
        }
        report.note("dbus: \(rounds) interleaved rounds of notify-send --help / no server / null server / Herald / dunst; "
                    + "\(calls) Notify calls to each of Herald and the null server, \(max(100, calls / 10)) to dunst")
    }

    private static func missing(_ reason: String, report: Report) {
        for key in metricKeys { report.add(Metric(key, label: key, value: nil, unit: "", missingReason: reason)) }
    }

    /// `calls` `Notify` calls from one connection, each waiting for its reply (after 50 to warm
    /// up): calls per second, and the median round trip.
    private static func notifyCalls(address: String, calls: Int) throws -> (perSecond: Double, medianMs: Double) {
        let client = try DesktopNotificationsClient(address: address)
        defer { client.close() }
        for n in 0..<50 { _ = try client.notify(appName: "bench.warmup", summary: "Warm-up \(n)", body: "") }
        var roundTrips: [Double] = []
        roundTrips.reserveCapacity(calls)
        let seconds = try Measure.seconds {
            for n in 0..<calls {
                let start = Measure.now()
                _ = try client.notify(appName: "bench.calls", summary: "Call \(n % 100)", body: "Notify benchmark \(n)",
                                      hints: ["urgency": .uint32(1)])
                roundTrips.append(Double(Measure.now() - start) / 1e6)
            }
        }
        return (Double(calls) / seconds, Measure.median(roundTrips))
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
