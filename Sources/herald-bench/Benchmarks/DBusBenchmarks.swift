import Foundation
import HeraldDBus
import HeraldSystem

/// The D-Bus front door: what one `notify-send` costs beyond its own start-up
/// (`notify-send --help`), against `herald daemon` and against dunst (under Xvfb) on private
/// buses, measured in the same run and interleaved (`notify_send_added_ms`,
/// `dunst_notify_send_added_ms`); and `Notify` calls per second from one connection
/// (`dbus_notify_per_s`). `notify_send_no_server_ms` (a bus with no server: notify-send connects,
/// asks for the name and gives up) shows how much of the added cost is the bus and the client.
enum DBusBenchmarks {
    static let metricKeys = ["notify_send_help_ms", "notify_send_no_server_ms", "notify_send_ms", "notify_send_added_ms", "dunst_notify_send_ms",
                             "dunst_notify_send_added_ms", "dbus_notify_per_s"]

    static func run(_ options: BenchOptions, scratch: URL, report: Report) throws {
        guard let herald = SocketBenchmarks.heraldPath(options) else {
            return missing("n/a (herald not built: swift build -c release --product herald)", report: report)
        }
        guard let notifySend = which("notify-send"), which("dbus-daemon") != nil else {
            return missing("n/a (apt-get install dbus-daemon libnotify-bin)", report: report)
        }
        let heraldBus = try PrivateBus(scratch: scratch)
        defer { heraldBus.stop() }
        let home = scratch.appendingPathComponent("dbus-home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let daemon = try ChildProcess(herald, ["--home", home.path, "daemon"],
                                      environment: ["DBUS_SESSION_BUS_ADDRESS": heraldBus.address,
                                                    "HERALD_SOCKET": scratch.appendingPathComponent("dbus.sock").path],
                                      streams: .logFile(scratch.appendingPathComponent("dbus-daemon.log").path))
        defer { daemon.stop(within: 30) }
        try waitForServer(on: heraldBus, named: "Herald")

        let dunst = try? Dunst(scratch: scratch)
        defer { dunst?.stop() }
        let emptyBus = try PrivateBus(scratch: scratch)
        defer { emptyBus.stop() }

        // Interleaved: one --help, one to Herald, one to dunst, repeated; medians.
        let rounds = max(5, options.size(40))
        var help: [Double] = [], noServer: [Double] = [], toHerald: [Double] = [], toDunst: [Double] = []
        for n in 0..<rounds {
            help.append(try time(notifySend, ["--help"], bus: nil))
            noServer.append(try time(notifySend, ["No server"], bus: emptyBus, mayFail: true))
            toHerald.append(try time(notifySend, ["-a", "bench", "Bench \(n)", "notify-send benchmark"], bus: heraldBus))
            if let dunst {
                toDunst.append(try time(notifySend, ["-a", "bench", "Bench \(n)", "notify-send benchmark"], bus: dunst.bus))
            }
        }
        let base = Measure.median(help)
        let heraldTotal = Measure.median(toHerald)
        let heraldAdded = max(0.01, heraldTotal - base)
        report.add(Metric("notify_send_help_ms", label: "notify-send --help (start-up)", value: base, unit: "ms"))
        report.add(Metric("notify_send_no_server_ms", label: "notify-send, bus without a server",
                          value: Measure.median(noServer), unit: "ms"))
        report.add(Metric("notify_send_ms", label: "notify-send to Herald", value: heraldTotal, unit: "ms"))
        report.add(Metric("notify_send_added_ms", label: "notify-send to Herald − start-up", value: heraldAdded,
                          unit: "ms", goal: 1, direction: .lower))
        if let dunst, !toDunst.isEmpty {
            let dunstTotal = Measure.median(toDunst)
            let dunstAdded = max(0.01, dunstTotal - base)
            report.add(Metric("dunst_notify_send_ms", label: "notify-send to dunst", value: dunstTotal, unit: "ms"))
            report.add(Metric("dunst_notify_send_added_ms", label: "notify-send to dunst − start-up", value: dunstAdded,
                              unit: "ms"))
            report.add(Comparison(label: "notify-send added cost, dunst ÷ Herald",
                                  measured: String(format: "%.2f ms", heraldAdded),
                                  baseline: String(format: "%.2f ms (dunst %@)", dunstAdded, dunst.version),
                                  ratio: dunstAdded / heraldAdded, goal: 20, direction: .higher))
        } else {
            let reason = "n/a (dunst or Xvfb missing: apt-get install dunst xvfb)"
            report.add(Metric("dunst_notify_send_ms", label: "notify-send to dunst", value: nil, unit: "", missingReason: reason))
            report.add(Metric("dunst_notify_send_added_ms", label: "notify-send to dunst − start-up", value: nil, unit: "",
                              missingReason: reason))
        }

        // Notify calls from one connection, each waiting for its reply.
        let client = try DesktopNotificationsClient(address: heraldBus.address)
        defer { client.close() }
        for n in 0..<50 { _ = try client.notify(appName: "bench.warmup", summary: "Warm-up \(n)", body: "") }
        let calls = max(100, options.size(5_000))
        let seconds = try Measure.seconds {
            for n in 0..<calls {
                _ = try client.notify(appName: "bench.calls", summary: "Call \(n % 100)", body: "Notify benchmark \(n)",
                                      hints: ["urgency": .uint32(1)])
            }
        }
        report.add(Metric("dbus_notify_per_s", label: "Notify calls, one connection", value: Double(calls) / seconds,
                          unit: "/s", goal: 2_000))
        report.note("dbus: \(rounds) interleaved rounds of notify-send --help / to Herald / to dunst; \(calls) Notify calls")
    }

    private static func missing(_ reason: String, report: Report) {
        for key in metricKeys { report.add(Metric(key, label: key, value: nil, unit: "", missingReason: reason)) }
    }

    /// Milliseconds one process takes, start to exit.
    private static func time(_ executable: String, _ arguments: [String], bus: PrivateBus?,
                             mayFail: Bool = false) throws -> Double {
        let start = Measure.now()
        let status = try ChildProcess(executable, arguments,
                                      environment: bus.map { ["DBUS_SESSION_BUS_ADDRESS": $0.address] },
                                      unsetting: bus == nil ? ["DBUS_SESSION_BUS_ADDRESS"] : [], streams: .null)
            .wait(timeout: 60, "\(executable) \(arguments.joined(separator: " "))")
        guard status == 0 || mayFail else { throw BenchUsageError("\(executable) \(arguments.joined(separator: " ")) failed (\(status))") }
        return Double(Measure.now() - start) / 1e6
    }

    /// Waits until a notification server answers `GetServerInformation` on `bus` (30 s at most).
    static func waitForServer(on bus: PrivateBus, named: String?) throws {
        let deadline = Date().addingTimeInterval(30)
        while true {
            if let client = try? DesktopNotificationsClient(address: bus.address) {
                defer { client.close() }
                if let info = try? client.serverInformation(), named == nil || info.first == named { return }
            }
            guard Date() < deadline else { throw BenchUsageError("no notification server on \(bus.address)") }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    static func which(_ program: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") + ["/usr/bin"] {
            let path = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// A private session bus (`dbus-daemon --config-file … --print-address --nofork`) that
    /// starts nothing: the session configuration's service directories would let a call to a
    /// name nobody owns start the installed notification server (Debian's dunst installs
    /// `org.freedesktop.Notifications` there) — on the bus without a server, and on Herald's bus
    /// until the daemon owns the name, where that dunst could win the name from it.
    final class PrivateBus {
        let process: ChildProcess
        let address: String

        init(scratch: URL) throws {
            guard let executable = DBusBenchmarks.which("dbus-daemon") else { throw BenchUsageError("no dbus-daemon") }
            let config = scratch.appendingPathComponent("dbus-bus.conf")
            try Self.configuration.write(to: config, atomically: true, encoding: .utf8)
            process = try ChildProcess(executable, ["--config-file=\(config.path)", "--print-address=1", "--nofork"],
                                       streams: .pipes)
            // The address comes at once; a dbus-daemon that prints nothing is killed (read ends).
            let watchdog = DispatchWorkItem { [process] in process.signal(SIGKILL) }
            DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
            let line = process.readLine()
            watchdog.cancel()
            guard let line, !line.isEmpty else {
                process.stop(within: 5)
                throw BenchUsageError("dbus-daemon gave no address")
            }
            address = line
        }

        func stop() { process.stop(within: 10) }

        /// `session.conf` without `<standard_session_servicedirs/>` (and without includes).
        static let configuration = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <keep_umask/>
              <listen>unix:tmpdir=/tmp</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>

            """
    }

    /// Debian's dunst on its own private bus and an Xvfb display.
    final class Dunst {
        let bus: PrivateBus
        let xvfb: ChildProcess
        let dunst: ChildProcess
        let version: String

        init(scratch: URL) throws {
            guard let xvfbPath = DBusBenchmarks.which("Xvfb"), let dunstPath = DBusBenchmarks.which("dunst") else {
                throw BenchUsageError("dunst or Xvfb missing")
            }
            let display = ":\(90 + Int(getpid() % 100))"
            xvfb = try ChildProcess(xvfbPath, [display, "-nolisten", "tcp", "-screen", "0", "1280x800x24"], streams: .null)
            let socket = "/tmp/.X11-unix/X\(display.dropFirst())"
            let deadline = Date().addingTimeInterval(20)
            while !FileManager.default.fileExists(atPath: socket) {
                guard Date() < deadline else { xvfb.stop(within: 5); throw BenchUsageError("Xvfb did not start") }
                Thread.sleep(forTimeInterval: 0.02)
            }
            do {
                bus = try PrivateBus(scratch: scratch)
            } catch {
                xvfb.stop(within: 5)
                throw error
            }
            do {
                dunst = try ChildProcess(dunstPath, [], environment: ["DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": bus.address],
                                         unsetting: ["WAYLAND_DISPLAY"],
                                         streams: .logFile(scratch.appendingPathComponent("dunst.log").path))
            } catch {
                bus.stop()
                xvfb.stop(within: 5)
                throw error
            }
            do {
                try DBusBenchmarks.waitForServer(on: bus, named: nil)
                let client = try DesktopNotificationsClient(address: bus.address)
                version = (try? client.serverInformation())?.dropFirst(2).first ?? "?"
                client.close()
            } catch {
                dunst.stop(within: 5)
                bus.stop()
                xvfb.stop(within: 5)
                throw error
            }
        }

        func stop() {
            dunst.stop(within: 10)
            bus.stop()
            xvfb.stop(within: 10)
        }
    }
}
