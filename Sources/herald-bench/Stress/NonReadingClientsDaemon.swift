import DaemonHarness
import Foundation
import HeraldClient
import HeraldWire

/// The daemon's resident memory in a stress of clients that never read: before they come, at
/// its peak while they sleep, and after they are gone.
struct ResidentMemory {
    var before = 0
    var peak = 0
    var after = 0

    /// Back to the baseline: within 16 MiB of it (the store's page cache moves by itself).
    var cameBack: Bool { after <= before + (16 << 20) }

    /// "daemon resident 40 MiB before, 75 MiB at the peak, 41 MiB after".
    var summary: String {
        "daemon resident \(before >> 20) MiB before, \(peak >> 20) MiB at the peak, \(after >> 20) MiB after"
    }
}

/// What the stresses of clients that never read share (`NonReadingSubscribersStress`,
/// `NonReadingReadersStress`): a daemon of their own on SCRATCH/NAME with no rate limit, a
/// client that posts to it, and the daemon's `ResidentMemory` around the sleepers.
///
/// ```swift
/// let run = try await NonReadingClientsDaemon.start(herald: herald, scratch: scratch, name: "readers")
/// let memory = try await run.stopping {
///     try await run.measureBefore(log: log)     // settled; the peak is sampled from here
///     …                                         // the sleepers come, sleep and go
///     return try await run.measureAfter(log: log)
/// }
/// ```
final class NonReadingClientsDaemon {
    let daemon: LaunchedDaemon
    let poster: IPCClient
    private var memory = ResidentMemory()
    private var sampler: PeakSampler?

    private init(daemon: LaunchedDaemon, poster: IPCClient) {
        self.daemon = daemon
        self.poster = poster
    }

    /// Starts the daemon on SCRATCH/`name`, waits until it serves and connects the poster.
    static func start(herald: String, scratch: URL, name: String) async throws -> NonReadingClientsDaemon {
        let daemon = try LaunchedDaemon.forStress(herald: herald, home: scratch.appendingPathComponent(name), arguments: ["--rate-limit", "0"])
        do {
            try await daemon.waitUntilReady()
            let poster = try await daemon.connect(as: "stress \(name)")
            return NonReadingClientsDaemon(daemon: daemon, poster: poster)
        } catch {
            await daemon.stop(within: 60)
            throw error
        }
    }

    /// Half a second for the daemon to settle, then its memory "before" (logged with `note`);
    /// the peak is sampled from here on.
    func measureBefore(log: (String) -> Void, note: String = "") async throws {
        try await Task.sleep(nanoseconds: 500_000_000)
        memory.before = daemon.footprint.residentBytes
        log("before: \(daemon.footprint)\(note)")
        sampler = daemon.samplePeak()
    }

    /// A second after the sleepers have gone: the peak seen and the memory "after" (logged).
    func measureAfter(log: (String) -> Void) async throws -> ResidentMemory {
        try await Task.sleep(nanoseconds: 1_000_000_000)
        memory.peak = await sampler?.finish() ?? 0
        memory.after = daemon.footprint.residentBytes
        log("peak: \(memory.peak >> 20) MiB; after: \(daemon.footprint)")
        return memory
    }

    /// Runs `body`, then closes the poster and stops the daemon (SIGTERM; reaped off the
    /// cooperative pool) — also when `body` throws.
    func stopping<T>(after body: () async throws -> T) async throws -> T {
        try await daemon.stopping(within: 60) {
            defer { poster.close() }
            return try await body()
        }
    }
}
