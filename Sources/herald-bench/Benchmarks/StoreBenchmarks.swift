import Foundation
import HeraldStore

/// `store_insert_per_s` vs `sqlite_raw_insert_per_s`, `search_ms` (median of a mix of searches),
/// `search_worst_ms` (the slowest of the mix), `search_worst_all_ms` (the slowest of every
/// search shape the daemon accepts, `SearchShapes`) and `history_page_ms` at a
/// million rows, through `StoreBenchmark` (the same rows, the same schema with
/// its full-text index, in one scratch directory).
enum StoreBenchmarks {
    /// Runs the store benchmark in `scratch/store`; returns the home of the filled database (for
    /// the daemon's memory with that much history). The rows are spread over 100 apps and dated
    /// in the last weeks, so the default retention (10,000 per app, a year) keeps all of them.
    @discardableResult
    static func run(_ options: BenchOptions, scratch: URL, report: Report) throws -> (home: HeraldHome, rows: Int) {
        let rows = options.size(1_000_000)
        let directory = scratch.appendingPathComponent("store")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = StoreBenchmark.Configuration(rows: rows, batchSize: 500, singleCommits: 500, apps: 100,
                                                         synchronous: .normal, directory: directory)
        configuration.firstDate = Date().addingTimeInterval(-Double(rows) - 3_600)
        let result = try StoreBenchmark.run(configuration)
        let store = Double(rows) / result.storeBatchedInsert
        let raw = Double(rows) / result.plainPreparedInsert
        report.add(Metric("store_insert_per_s", label: "store inserts", value: store, unit: "/s"))
        report.add(Metric("sqlite_raw_insert_per_s", label: "raw SQLite inserts", value: raw, unit: "/s"))
        report.add(Comparison(label: "store_insert_per_s vs sqlite_raw_insert_per_s",
                              measured: Report.format(store) + " /s", baseline: Report.format(raw) + " /s",
                              ratio: store / raw, goal: 0.5, direction: .higher))
        report.add(Metric("search_ms", label: "search, first page", value: Measure.median(result.searchFirstPages) * 1000,
                          unit: "ms", goal: 5, direction: .lower))
        report.add(Metric("search_worst_ms", label: "search, slowest of the mix",
                          value: (result.searchFirstPages.max() ?? 0) * 1000, unit: "ms", goal: 5, direction: .lower))
        report.add(Metric("search_worst_all_ms", label: "search, slowest of \(result.searchShapeCount) generated shapes",
                          value: result.searchWorstAll.seconds * 1000, unit: "ms", goal: 10, direction: .lower))
        report.add(Metric("search_worst_all_cpu_ms", label: "search, most CPU time of the generated shapes",
                          value: result.searchWorstAllCPU.seconds * 1000, unit: "ms", direction: .lower))
        report.add(Metric("search_worst_first_run_ms", label: "search, slowest first run of the generated shapes",
                          value: result.searchWorstFirstRun.seconds * 1000, unit: "ms", direction: .lower))
        report.add(Metric("history_page_ms", label: "history, first page", value: result.historyFirstPage * 1000,
                          unit: "ms", goal: 5, direction: .lower))
        report.note("store: \(rows) rows; " + result.description.replacingOccurrences(of: "\n", with: "\n  store: "))
        return (StoreBenchmark.storeHome(in: directory), rows)
    }
}
