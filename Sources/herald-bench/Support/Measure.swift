import Foundation
import HeraldSystem
import Synchronization

/// Timing and memory helpers of the benchmark.
enum Measure {
    /// Monotonic nanoseconds.
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Seconds `body` took.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return Double(now() - start) / 1e9
    }

    /// Seconds `body` took.
    static func seconds(_ body: () async throws -> Void) async rethrows -> Double {
        let start = now()
        try await body()
        return Double(now() - start) / 1e9
    }

    /// Keeps a result alive so the optimizer cannot drop the work that made it.
    @inline(never)
    static func consume<T>(_ value: T) { withExtendedLifetime(value) {} }

    /// The median of the samples (0 when there are none).
    static func median(_ samples: [Double]) -> Double { percentile(samples, 0.5) }

    /// The `p`-th quantile (0…1) of the samples, nearest rank.
    static func percentile(_ samples: [Double], _ p: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    /// Resident memory of this process in bytes (`/proc/self/statm`, second field, in pages).
    static func residentBytes() -> Int { residentBytes(pid: nil) }

    /// Resident memory of a process in bytes, from `/proc/PID/statm`; 0 when unreadable.
    static func residentBytes(pid: Int32?) -> Int {
        let path = pid.map { "/proc/\($0)/statm" } ?? "/proc/self/statm"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// CPU time (user + system) a process has used so far, in seconds, from `/proc/PID/stat`
    /// (clock ticks: 10 ms steps); `nil` when unreadable.
    static func cpuSeconds(pid: Int32) -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let nameEnd = text.lastIndex(of: ")") else { return nil }
        // After the command name: state is field 3, utime field 14, stime field 15.
        let fields = text[text.index(after: nameEnd)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Returns freed heap memory to the system so RSS readings reflect live data.
    static func trimHeap() { FreedMemory.release() }

    /// Phases marked so far (`phaseBoundary`).
    private static let phases = Atomic<Int>(0)

    /// Marks where a measured phase starts or ends, for profilers: a call that is never inlined
    /// nor removed, so `valgrind --tool=callgrind --dump-before='*Measure*phaseBoundary*'` writes
    /// one profile per phase (instruction counts of the phase alone).
    @inline(never)
    static func phaseBoundary() { phases.add(1, ordering: .relaxed) }
}
