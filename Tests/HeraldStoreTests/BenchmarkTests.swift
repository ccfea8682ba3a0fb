import Foundation
@testable import HeraldStore
import Testing
import TestSupport

/// Prints `StoreBenchmark` figures; only with `BENCH=1` (rows from `BENCH_ROWS`, default
/// 100000). Never asserts timings.
@Suite struct BenchmarkTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["BENCH"] == "1", "set BENCH=1 to run the store benchmark"))
    func storeBenchmark() throws {
        let directory = try TemporaryDirectory("herald-bench")
        defer { directory.remove() }
        let rows = ProcessInfo.processInfo.environment["BENCH_ROWS"].flatMap(Int.init) ?? 100_000
        let report = try StoreBenchmark.run(StoreBenchmark.Configuration(rows: rows, directory: directory.url))
        print(report)
    }

    @Test func theBenchmarkRunsOnATinyData() throws {
        let directory = try TemporaryDirectory("herald-bench")
        defer { directory.remove() }
        let report = try StoreBenchmark.run(StoreBenchmark.Configuration(rows: 300, batchSize: 50, singleCommits: 5,
                                                                         directory: directory.url))
        #expect(report.reads.count == 11)
        #expect(report.description.contains("300 deliveries"))
    }
}
