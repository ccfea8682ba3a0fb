import Foundation
import HeraldCore
import Synchronization

/// `engine_add_per_s`, `engine_fire_per_s` and `pending_bytes_each` at the scale the product
/// allows: 1,000 apps (the engine's app limit) × 64 pending requests each (the per-app pending
/// limit), added to an engine on an in-memory store with the default configuration, then fired
/// through the full delivery pipeline with every app in the foreground and a delegate that
/// answers at once. The requests are made before the clock starts (what a door decodes is not
/// the engine's work); the memory figure counts them, as the engine keeps them. Each figure is
/// the median of `rounds` rounds on fresh engines.
enum EngineBenchmarks {
    /// An app whose delegate decides at once, in process, and which counts the calls. It says
    /// so (`willPresentWithoutWaiting`), as an in-process connection with a synchronous answer
    /// does; `AsyncInstantApp` answers the same through the `async` form only.
    final class InstantApp: AppConnection {
        let calls = Atomic<Int>(0)
        func willPresentWithoutWaiting(_ notification: DeliveredRecord) -> PresentationDecision? {
            calls.add(1, ordering: .relaxed)
            return .options([.banner, .list, .sound])
        }
        func willPresent(_ notification: DeliveredRecord) async -> PresentationDecision {
            willPresentWithoutWaiting(notification)!
        }
        func didReceive(_ response: ResponseRecord) async {}
        func didReceiveBackgroundPush(_ userInfo: [String: JSONValue]) async -> BackgroundFetchResult? { nil }
        func openSettings(for notification: DeliveredRecord?) async {}
    }

    /// `InstantApp` through the `async` form only: the engine cannot know the answer comes at
    /// once, so each call runs under the time limit (a task that answers before its first
    /// suspension; no timer is armed).
    final class AsyncInstantApp: AppConnection {
        func willPresent(_ notification: DeliveredRecord) async -> PresentationDecision {
            .options([.banner, .list, .sound])
        }
        func didReceive(_ response: ResponseRecord) async {}
        func didReceiveBackgroundPush(_ userInfo: [String: JSONValue]) async -> BackgroundFetchResult? { nil }
        func openSettings(for notification: DeliveredRecord?) async {}
    }

    /// Grants every authorization request.
    struct AllowAll: AuthorizationPrompter {
        func prompt(app: AppRecord, options: UNAuthorizationOptions) async -> Bool { true }
    }

    /// The app of request `n`: requests go round the apps, so each app fills to the limit evenly.
    static func bundle(_ n: Int, apps: Int) -> String { "com.example.bench\(n % apps)" }

    /// The request the benchmark adds as number `n`: a one-shot time-interval trigger 1 s … 1 h out.
    static func request(_ n: Int) -> RequestRecord {
        RequestRecord(identifier: "r\(n)",
                      content: ContentRecord(title: "Build \(n % 1000)", body: "nightly build finished",
                                             sound: .default),
                      trigger: .timeInterval(seconds: Double(1 + n % 3_600), repeats: false))
    }

    /// Adds the requests round the apps from inside the engine's isolation (no actor hop per request).
    static func addAll(_ requests: [RequestRecord], bundles: [String], engine: isolated NotificationEngine) async throws {
        for n in requests.indices {
            try await engine.add(requests[n], bundleIdentifier: bundles[n % bundles.count])
        }
    }

    /// Adds the requests `range` round the apps from outside the actor: one hop per request (what a caller pays).
    static func addAllHopping(_ range: Range<Int>, apps: Int, engine: NotificationEngine) async throws {
        for n in range {
            try await engine.add(request(n), bundleIdentifier: bundle(n, apps: apps))
        }
    }

    /// Rounds of adding and firing, each on a fresh engine; the figures are their medians. One
    /// round fires its 64,000 requests in one `fireDue` (~130 ms): a single sample, which
    /// anything else on the machine (or the first use of the code) can move by a fifth.
    static let rounds = 3

    /// An engine on an in-memory store with `apps` registered apps, each connected to `app` and in
    /// the foreground.
    static func freshEngine(apps: Int, configuration: EngineConfiguration, directory: URL,
                            app: InstantApp) async throws -> (NotificationEngine, ManualClock) {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000))
        let engine = try NotificationEngine(store: InMemoryStore(), clock: clock, prompter: AllowAll(),
                                            attachmentsDirectory: directory, configuration: configuration)
        for index in 0..<apps {
            let bundle = bundle(index, apps: apps)
            await engine.registerCommandLineApp(bundleIdentifier: bundle)
            await engine.connect(app, bundleIdentifier: bundle)
            await engine.setForeground(true, bundleIdentifier: bundle)
        }
        return (engine, clock)
    }

    static func run(_ options: BenchOptions, report: Report) async throws {
        let configuration = EngineConfiguration()
        let apps = max(1, options.size(configuration.appLimit))
        let perApp = configuration.pendingLimit
        let count = apps * perApp
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("herald-bench-engine-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = InstantApp()
        let delivered = Atomic<Int>(0)
        let bundles = (0..<apps).map { bundle($0, apps: apps) }
        var adds: [Double] = []
        var fires: [Double] = []
        var bytesEach: [Double] = []
        var engine: NotificationEngine?
        var clock: ManualClock?
        for _ in 0..<rounds {
            engine = nil   // the last round's engine and requests go before the next is made
            let (roundEngine, roundClock) = try await freshEngine(apps: apps, configuration: configuration,
                                                                  directory: directory, app: app)
            await roundEngine.observe { event in
                if case .delivered = event { delivered.add(1, ordering: .relaxed) }
            }
            Measure.trimHeap()
            let before = Measure.residentBytes()
            var requests = (0..<count).map(request)
            Measure.phaseBoundary()
            let addSeconds = try await Measure.seconds { try await addAll(requests, bundles: bundles, engine: roundEngine) }
            Measure.phaseBoundary()
            requests = []   // the engine's copies are what is left
            Measure.trimHeap()
            bytesEach.append(Double(Measure.residentBytes() - before) / Double(count))
            roundClock.advance(by: 3_601)
            Measure.phaseBoundary()
            let fireSeconds = await Measure.seconds { await roundEngine.fireDue() }
            Measure.phaseBoundary()
            adds.append(Double(count) / addSeconds)
            fires.append(Double(count) / fireSeconds)
            engine = roundEngine
            clock = roundClock
        }
        guard let engine, let clock else { return }

        report.add(Metric("engine_add_per_s", label: "engine add, \(apps) apps × \(perApp)",
                          value: Measure.percentile(adds, 0.5), unit: "/s", goal: 500_000))
        report.add(Metric("pending_bytes_each", label: "pending memory", value: Measure.percentile(bytesEach, 0.5),
                          unit: "B", goal: 512, direction: .lower))
        report.add(Metric("engine_fire_per_s", label: "engine fire, \(apps) apps × \(perApp)",
                          value: Measure.percentile(fires, 0.5), unit: "/s", goal: 500_000))
        let list = { (rates: [Double]) in rates.map { Report.format($0) }.joined(separator: ", ") }
        report.note("engine: \(apps) apps × \(perApp) pending = \(count) added and fired, \(rounds) rounds on fresh engines "
                    + "(the medians above): adds \(list(adds)) /s, fires \(list(fires)) /s; "
                    + "\(app.calls.load(ordering: .relaxed)) willPresent calls, \(delivered.load(ordering: .relaxed)) "
                    + "delivered events")

        // What a caller outside the actor pays per add (one hop each), the same number again.
        let hopSeconds = try await Measure.seconds {
            try await addAllHopping(count..<(2 * count), apps: apps, engine: engine)
        }
        report.note(String(format: "engine: adding from outside the actor (one hop per request): %@ /s",
                           Report.format(Double(count) / hopSeconds)))

        // Firing those through a delegate that answers at once through the `async` form only.
        let asyncApp = AsyncInstantApp()
        for index in 0..<apps { await engine.connect(asyncApp, bundleIdentifier: bundle(index, apps: apps)) }
        clock.advance(by: 3_601)
        let asyncFireSeconds = await Measure.seconds { await engine.fireDue() }
        report.note(String(format: "engine: fire with a delegate answering at once through async willPresent "
                           + "(a task per call, no timer): %@ /s", Report.format(Double(count) / asyncFireSeconds)))
    }
}
