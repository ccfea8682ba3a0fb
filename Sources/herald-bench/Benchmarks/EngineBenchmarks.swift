import Foundation
import HeraldCore
import Synchronization

/// `schedule_per_s`, `fire_per_s` and `pending_bytes_each`: a million time-interval requests
/// added to an engine on an in-memory store (pending limit lifted), then fired through the full
/// delivery pipeline with a foreground app whose delegate answers at once.
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

    static let bundle = "com.example.bench"

    /// The request the benchmark adds as number `n`: a one-shot time-interval trigger 1 s … 1 h out.
    static func request(_ n: Int) -> RequestRecord {
        RequestRecord(identifier: "r\(n)",
                      content: ContentRecord(title: "Build \(n % 1000)", body: "nightly build finished",
                                             sound: .default),
                      trigger: .timeInterval(seconds: Double(1 + n % 3_600), repeats: false))
    }

    /// Adds `count` requests from inside the engine's isolation (no actor hop per request).
    static func addAll(_ count: Int, engine: isolated NotificationEngine) async throws {
        for n in 0..<count {
            try await engine.add(request(n), bundleIdentifier: bundle)
        }
    }

    /// Adds `count` requests from outside the actor: one hop per request (what a caller pays).
    static func addAllHopping(_ range: Range<Int>, engine: NotificationEngine) async throws {
        for n in range {
            try await engine.add(request(n), bundleIdentifier: bundle)
        }
    }

    static func run(_ options: BenchOptions, report: Report) async throws {
        let count = options.size(1_000_000)
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("herald-bench-engine-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000))
        let engine = try NotificationEngine(store: InMemoryStore(), clock: clock, prompter: AllowAll(),
                                            attachmentsDirectory: directory,
                                            configuration: EngineConfiguration(pendingLimit: Int.max))
        await engine.registerCommandLineApp(bundleIdentifier: bundle)
        let app = InstantApp()
        await engine.connect(app, bundleIdentifier: bundle)
        await engine.setForeground(true, bundleIdentifier: bundle)
        let delivered = Atomic<Int>(0)
        await engine.observe { event in
            if case .delivered = event { delivered.add(1, ordering: .relaxed) }
        }

        Measure.trimHeap()
        let before = Measure.residentBytes()
        Measure.phaseBoundary()
        let scheduleSeconds = try await Measure.seconds { try await addAll(count, engine: engine) }
        Measure.phaseBoundary()
        Measure.trimHeap()
        let after = Measure.residentBytes()

        report.add(Metric("schedule_per_s", label: "schedule", value: Double(count) / scheduleSeconds, unit: "/s",
                          goal: 1_000_000))
        report.add(Metric("pending_bytes_each", label: "pending memory", value: Double(after - before) / Double(count),
                          unit: "B", goal: 512, direction: .lower))

        clock.advance(by: 3_601)
        Measure.phaseBoundary()
        let fireSeconds = await Measure.seconds { await engine.fireDue() }
        Measure.phaseBoundary()
        report.add(Metric("fire_per_s", label: "fire", value: Double(count) / fireSeconds, unit: "/s", goal: 500_000))
        report.note("engine: \(count) added, \(app.calls.load(ordering: .relaxed)) willPresent calls, "
                    + "\(delivered.load(ordering: .relaxed)) delivered events; RSS \(before / 1_048_576) → "
                    + "\(after / 1_048_576) MiB while pending")

        // What a caller outside the actor pays per add (one hop each), on a tenth of the requests.
        let hopCount = max(1, count / 10)
        let hopSeconds = try await Measure.seconds {
            try await addAllHopping(count..<(count + hopCount), engine: engine)
        }
        report.note(String(format: "engine: adding from outside the actor (one hop per request): %@ /s",
                           Report.format(Double(hopCount) / hopSeconds)))

        // Firing those through a delegate that answers at once through the `async` form only.
        await engine.connect(AsyncInstantApp(), bundleIdentifier: bundle)
        clock.advance(by: 3_601)
        let asyncFireSeconds = await Measure.seconds { await engine.fireDue() }
        report.note(String(format: "engine: fire with a delegate answering at once through async willPresent "
                           + "(a task per call, no timer): %@ /s", Report.format(Double(hopCount) / asyncFireSeconds)))
    }
}
