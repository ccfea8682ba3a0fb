import Foundation

/// The highest resident memory of a process while a scenario runs (`LaunchedDaemon.samplePeak`).
final class PeakSampler: Sendable {
    private let pid: Int32
    private let task: Task<Int, Never>

    init(pid: Int32) {
        self.pid = pid
        task = Task {
            var peak = 0
            while !Task.isCancelled {
                peak = max(peak, Measure.residentBytes(pid: pid))
                try? await Task.sleep(nanoseconds: 20_000_000)
            }
            return peak
        }
    }

    /// Stops sampling; the highest resident memory seen, in bytes.
    func finish() async -> Int {
        task.cancel()
        return max(await task.value, Measure.residentBytes(pid: pid))
    }
}
