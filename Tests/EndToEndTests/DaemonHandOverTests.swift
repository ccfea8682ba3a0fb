import Foundation
import Synchronization
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

extension EndToEnd {
/// Any daemon is the same center, and the one meant to run it runs it: a daemon a client started
/// on demand hands the center over to `herald daemon` started by hand (or by a supervisor) with
/// nothing acknowledged lost; a client asks the configured supervisor instead of starting a
/// daemon of its own; systemd's socket activation (the real `systemd-socket-activate`) and the
/// D-Bus service file (a real `dbus-daemon` activating it for `notify-send`) start the center.
@Suite struct DaemonHandOverTests {
    @Test func aDaemonStartedByHandTakesOverFromOneStartedOnDemandWithPostsInFlight() async throws {
        let center = try IsolatedCenter()
        defer { center.close() }
        let first = try await center.run(["post", "--title", "first", "--body", "b"])   // starts one on demand
        #expect(first.status == 0, "\(first.stderr)")
        let onDemand = try #require(center.lockHolder())
        #expect(onDemand.name == "herald daemon --on-demand")

        // Four scripts post while the center changes hands, each post its own `herald post`.
        let (finished, failures) = (PostCount(), PostFailures())
        for worker in 0..<4 {
            Task {
                for n in 0..<15 {
                    let title = "w\(worker)-\(n)"
                    do {
                        let result = try await center.run(["post", "--title", title, "--body", "b"])
                        if result.status != 0 { failures.value.withLock { $0.append("\(title): \(result.stderr)") } }
                    } catch {
                        failures.value.withLock { $0.append("\(title): \(error)") }
                    }
                    finished.value.withLock { $0 += 1 }
                }
            }
        }
        try await center.waitUntil("the first posts", timeout: 60) { finished.value.withLock { $0 } >= 6 }
        let resident = try await center.startDaemon(log: "resident.log", readyWithin: 90)   // once it has taken over
        defer { resident.stopInBackground(removingHome: false) }
        try await resident.waitForLog("serving \(center.home)")
        try await center.waitUntil("every post to be answered", timeout: 180) { finished.value.withLock { $0 } == 4 * 15 }

        // Every post was acknowledged, and every one is in the center the new daemon serves.
        #expect(failures.value.withLock { $0 } == [])
        let titles = Set(try await center.historyTitles())
        let posted = Set(["first"] + (0..<4).flatMap { worker in (0..<15).map { "w\(worker)-\($0)" } })
        #expect(posted.subtracting(titles).isEmpty, "missing: \(posted.subtracting(titles).sorted())")
        // The daemon started on demand handed over and left; the one started by hand holds the center.
        try await center.waitUntil("the daemon started on demand to exit") { IsolatedCenter.hasEnded(onDemand.pid) }
        #expect(center.lockHolder()?.pid == resident.pid && center.lockHolder()?.name == "herald daemon")
        #expect(center.onDemandLog.contains("handing the center over to pid \(resident.pid)"))
        #expect(center.text("resident.log").contains("taking the center over from the daemon started on demand (pid \(onDemand.pid))"))
        // No third daemon was started meanwhile (the socket never went away).
        #expect(center.onDemandLog.components(separatedBy: "serving \(center.home)").count == 2, "\(center.onDemandLog)")
    }

    @Test func aDaemonStartedByHandOrASupervisorDoesNotHandOver() async throws {
        let center = try IsolatedCenter()
        defer { center.close() }
        let resident = try await center.startDaemon(log: "resident.log")
        defer { resident.stopInBackground(removingHome: false) }
        try await resident.waitForLog("serving \(center.home)")
        let second = try await center.run(["daemon"])
        #expect(second.status == 1)
        #expect(second.stderr.contains("another herald center (herald daemon, pid \(resident.pid)) already serves"), "\(second.stderr)")
        #expect(resident.isRunning)
        #expect(try await center.run(["post", "--title", "still here", "--body", "b"]).status == 0)
    }

    /// The UI outlives its daemon, which a supervisor runs (`[daemon] start` names how to ask
    /// it): the UI asks the supervisor again instead of starting a plain daemon of its own.
    @Test func aUIWhoseDaemonDiedAsksTheSupervisorInsteadOfStartingOne() async throws {
        let center = try IsolatedCenter()
        defer { center.close() }
        // The "supervisor": starts `herald daemon --rate-limit 7` (an option only it gives) and
        // records the pid of each daemon it started.
        let pids = center.root.path + "/supervised.pids"
        let start = "\(center.herald) daemon --rate-limit 7 >> \(center.root.path)/supervised.log 2>&1 & echo $! >> \(pids)"
        try "[daemon]\ndbus = no\nstart = \(start)\n".write(toFile: center.configPath, atomically: true, encoding: .utf8)
        func supervised() -> [pid_t] {
            ((try? String(contentsOfFile: pids, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }
        }
        let ui = try await TmuxSession(command: [center.herald], width: 80, height: 24,
                                       environment: center.environment.merging(["HERALD_UI_MUTE": "1"]) { $1 })
        defer {
            // A UI still reconnecting while it is stopped must not ask for another daemon.
            try? "[daemon]\ndbus = no\nstart = never\n".write(toFile: center.configPath, atomically: true, encoding: .utf8)
            ui.kill()
        }
        try await ui.waitFor("Herald", timeout: 30)
        try await center.waitUntil("the supervisor's daemon to hold the center") { center.lockHolder()?.pid == supervised().last }
        let firstDaemon = try #require(supervised().first)

        kill(firstDaemon, SIGKILL)
        try await ui.waitFor("disconnected", timeout: 30)
        try await center.waitUntil("the supervisor to start another", timeout: 60) { supervised().count == 2 }
        _ = try await ui.waitForAbsence("disconnected", timeout: 30)
        let holder = try #require(center.lockHolder())
        #expect(holder.pid == supervised().last && holder.name == "herald daemon")
        #expect(!center.onDemandLog.contains("serving"), "a daemon was started on demand: \(center.onDemandLog)")
        #expect(center.text("supervised.log").contains("rate limit 7 a second"))
    }

    /// Socket activation: the socket is bound and held by the supervisor, the daemon serves the
    /// descriptor it passes (`LISTEN_FDS`), and leaves the socket file to it.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-socket-activate")))
    func theDaemonServesTheSocketItsSupervisorPasses() async throws {
        let center = try IsolatedCenter()
        defer { center.close() }
        try FileManager.default.createDirectory(atPath: center.home, withIntermediateDirectories: true)
        let activator = try ChildProcess("/usr/bin/systemd-socket-activate",
                                         ["-l", center.socketPath, "-E", "HERALD_HOME=\(center.home)",
                                          "-E", "HERALD_CONFIG=\(center.configPath)", center.herald, "daemon"],
                                         unsetting: IsolatedCenter.unsetting, streams: .logFile(center.root.path + "/activated.log"))
        defer { activator.stop(within: 10) }
        try await center.waitUntil("the supervisor's socket") { FileManager.default.fileExists(atPath: center.socketPath) }
        // The first client's connection starts the daemon (systemd-socket-activate execs it).
        let post = try await center.run(["post", "--title", "activated", "--body", "b"], extra: ["HERALD_NO_SPAWN": "1"])
        #expect(post.status == 0, "\(post.stderr)\n\(center.text("activated.log"))")
        #expect(center.text("activated.log").contains("listening on \(center.socketPath) (passed by its supervisor, LISTEN_FDS)"))
        #expect(try await center.historyTitles() == ["activated"])
        activator.signal(SIGTERM)
        _ = await offThePool { activator.waitKilling(after: 10) }
        #expect(FileManager.default.fileExists(atPath: center.socketPath))   // the supervisor's, left in place
    }

    /// The D-Bus service file, installed by install.sh: a bus with it activates Herald for the
    /// first `notify-send` when no notification server runs.
    @Test(.requiring("dbus-daemon", "notify-send")) func theDBusServiceFileStartsTheCenterForTheFirstNotification() async throws {
        let center = try IsolatedCenter(configuration: "[daemon]\n")
        defer { center.close() }
        let services = center.root.path + "/dbus-services"
        let script = BuiltProducts.packageRoot.appendingPathComponent("scripts/install.sh").path
        let install = try await runProgram("/bin/bash", [script, "--binary", center.herald, "--prefix", center.root.path + "/prefix",
                                                         "--unit-dir", center.root.path + "/units", "--dbus-dir", services,
                                                         "--systemd", "--no-start"])
        #expect(install.status == 0, "\(install.stderr)")
        let bus = try PrivateBus(serviceDirectory: services, environment: center.environment)
        defer { bus.stop() }
        let send = try await runProgram(Programs.which("notify-send")!, ["Activated", "by the bus"],
                                        environment: bus.environment)
        #expect(send.status == 0, "\(send.stderr)\n\(bus.log)")
        try await center.waitUntil("the notification in history") { (try? await center.historyTitles()) == ["Activated"] }
        #expect(center.lockHolder()?.name == "herald daemon --on-demand")
    }
}
}

/// The posts of the hand-over test's scripts answered so far.
private final class PostCount: Sendable {
    let value = Mutex(0)
}

/// What went wrong with the hand-over test's posts.
private final class PostFailures: Sendable {
    let value = Mutex<[String]>([])
}
