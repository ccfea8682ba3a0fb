import Foundation
import HeraldCore
import HeraldStore

/// Measures the SQLite store: inserts through the store in batches (group commit), the same
/// rows as raw prepared inserts in one transaction, single-commit acknowledgements, and
/// history/search first-page timings (the raw inserts use the store's connection, `package`
/// API). Part of `herald-bench`, never of the store; never used for assertions.
///
/// ```swift
/// let report = try StoreBenchmark.run(StoreBenchmark.Configuration(rows: 100_000, directory: tmp))
/// print(report)
/// ```
enum StoreBenchmark {
    public struct Configuration: Sendable {
        /// Deliveries to insert.
        public var rows: Int
        /// Deliveries per `batch` (one commit each).
        public var batchSize: Int
        /// Acknowledgements to time one commit at a time.
        public var singleCommits: Int
        /// Apps the rows are spread over.
        public var apps: Int
        public var synchronous: SQLiteStoreOptions.Synchronous
        /// Runs of each read; the median is reported.
        public var readRepetitions: Int = 5
        /// A scratch directory; the benchmark creates its databases inside and leaves them.
        public var directory: URL
        /// The delivery date of the first row; row `n` is `n` seconds later.
        public var firstDate: Date = Date(timeIntervalSince1970: 1_700_000_000)

        public init(rows: Int = 100_000, batchSize: Int = 500, singleCommits: Int = 500, apps: Int = 10,
                    synchronous: SQLiteStoreOptions.Synchronous = .normal, directory: URL) {
            self.rows = rows
            self.batchSize = batchSize
            self.singleCommits = singleCommits
            self.apps = apps
            self.synchronous = synchronous
            self.directory = directory
        }
    }

    /// Measured figures, in seconds unless named otherwise.
    public struct Report: Sendable, CustomStringConvertible {
        public var rows = 0
        public var batchSize = 0
        public var storeBatchedInsert: Double = 0
        public var rawPreparedInsert: Double = 0
        /// The same rows as plain prepared inserts into a table with the same columns but no
        /// secondary index and no full-text index, in one transaction: the cost of SQLite alone.
        public var plainPreparedInsert: Double = 0
        public var singleCommits = 0
        public var singleCommitInsert: Double = 0
        /// `(label, seconds)` of each read measured (the median of `readRepetitions` runs).
        public var reads: [(String, Double)] = []
        /// Seconds for the first page of all history, newest first (median).
        public var historyFirstPage: Double = 0
        /// Seconds for the first page of each search of the mix (medians): `urgent` (10% of the
        /// rows), the `urg` prefix, `urgent` in one app, `urgent meeting`, `zephyr` (0.1%).
        public var searchFirstPages: [Double] = []
        /// The slowest query of `SearchShapes` (every search shape the daemon accepts; median of
        /// three runs each), its label, and how many shapes were run.
        public var searchWorstAll: (label: String, seconds: Double) = ("", 0)
        /// The most CPU time (of the searching thread) any shape took, median of its runs: the
        /// work of the slowest shape, which the load of a shared machine does not inflate.
        public var searchWorstAllCPU: (label: String, seconds: Double) = ("", 0)
        /// The slowest shapes, slowest first, with their CPU time (for the notes).
        public var searchSlowestShapes: [(label: String, seconds: Double, cpuSeconds: Double)] = []
        public var searchShapeCount = 0
        /// The slowest first run of a shape (the runs above are its next three): what a search
        /// costs before the row sets of its words are kept (`SearchRowSetCache`), in the order the
        /// shapes are run.
        public var searchWorstFirstRun: (label: String, seconds: Double) = ("", 0)
        public var databaseBytes: Int64 = 0

        public var description: String {
            func rate(_ count: Int, _ seconds: Double) -> String {
                seconds > 0 ? String(format: "%.0f rows/s", Double(count) / seconds) : "-"
            }
            func ms(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
            var lines = [
                "store, \(rows) deliveries in batches of \(batchSize): \(String(format: "%.2f s", storeBatchedInsert)) "
                    + "(\(rate(rows, storeBatchedInsert)))",
                "raw prepared inserts, one transaction: \(String(format: "%.2f s", rawPreparedInsert)) "
                    + "(\(rate(rows, rawPreparedInsert)))",
                "plain prepared inserts (no indexes, no full-text), one transaction: "
                    + "\(String(format: "%.2f s", plainPreparedInsert)) (\(rate(rows, plainPreparedInsert)))",
                "store, \(singleCommits) single-commit inserts: \(String(format: "%.2f s", singleCommitInsert)) "
                    + "(\(rate(singleCommits, singleCommitInsert)))",
            ]
            lines += reads.map { "\($0.0): \(ms($0.1))" }
            lines.append("database size: \(databaseBytes / 1_048_576) MiB")
            return lines.joined(separator: "\n")
        }
    }

    /// The words of the generated text; "urgent" is in 10% of the rows, "zephyr" in 0.1%.
    static let vocabulary = ["build", "deploy", "meeting", "lunch", "invoice", "review", "release", "backup",
                             "server", "coffee", "report", "design", "budget", "ticket", "alert", "calendar"]

    static func record(_ n: Int, apps: Int, base: Date) -> DeliveredRecord {
        let word = { (k: Int) in vocabulary[(n &* 2_654_435_761 &+ k &* 40_503) % vocabulary.count] }
        var body = "\(word(1)) \(word(2)) \(word(3)) number \(n)"
        if n % 10 == 0 { body += " urgent" }
        if n % 1_000 == 0 { body += " zephyr" }
        let content = ContentRecord(title: "\(word(0).capitalized) \(n % 97)", subtitle: word(4), body: body,
                                    userInfo: ["n": .int(n)], categoryIdentifier: "CAT", threadIdentifier: word(5))
        return DeliveredRecord(bundleIdentifier: "com.example.app\(n % apps)",
                               request: RequestRecord(identifier: "r\(n)", content: content),
                               date: base.addingTimeInterval(Double(n)), presentation: [.banner, .list])
    }

    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The calling thread's CPU time, in seconds (the store reads on the caller's thread).
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Runs every measurement and returns the figures.
    /// The home directory of the database filled through the store (`HeraldHome` layout), to
    /// reuse after `run` (a daemon with that much history).
    public static func storeHome(in directory: URL) -> HeraldHome {
        HeraldHome(path: directory.appendingPathComponent("store").path)
    }

    public static func run(_ configuration: Configuration) throws -> Report {
        // Each figure starts from an empty file, also in a scratch directory used before.
        for name in ["store", "raw", "plain"] {
            try? FileManager.default.removeItem(at: configuration.directory.appendingPathComponent(name))
        }
        var report = Report()
        report.rows = configuration.rows
        report.batchSize = max(1, configuration.batchSize)
        report.singleCommits = configuration.singleCommits
        let base = configuration.firstDate
        let records = (0..<configuration.rows).map { record($0, apps: max(1, configuration.apps), base: base) }
        let options = SQLiteStoreOptions(synchronous: configuration.synchronous, retention: .unlimited,
                                         applyRetentionOnOpen: false)

        // 1. Through the store, in batches.
        let home = storeHome(in: configuration.directory)
        let store = try SQLiteStore(home: home, options: options)
        report.storeBatchedInsert = try seconds {
            var index = 0
            while index < records.count {
                let end = min(index + report.batchSize, records.count)
                try store.batch { for record in records[index..<end] { _ = try store.insertDelivered(record) } }
                index = end
            }
            try store.updateSearchIndex()   // every row searchable: the full-text indexing is part of the cost
        }

        // 2. Raw prepared inserts of the same rows (payloads encoded beforehand), one transaction.
        let rawHome = HeraldHome(path: configuration.directory.appendingPathComponent("raw").path)
        try rawHome.create()
        let raw = try SQLiteConnection(path: rawHome.databaseURL.path, access: .readWriteCreate, busyTimeout: 5)
        try raw.executeScript("PRAGMA journal_mode = WAL; PRAGMA synchronous = \(configuration.synchronous.rawValue)")
        try Migrations.migrate(raw)
        let coding = RecordCoding(path: rawHome.databaseURL.path)
        let payloads = try records.map {
            try coding.encode(DeliveredPayload(request: $0.request, date: $0.date, presentation: $0.presentation))
        }
        report.rawPreparedInsert = try seconds {
            try raw.transaction(write: true) {
                for (record, payload) in zip(records, payloads) {
                    try raw.execute("""
                        INSERT INTO delivered (bundle_id, identifier, date, presentation, title, subtitle, body, record)
                        VALUES (?1, ?2, ?3, 3, ?4, ?5, ?6, ?7)
                        """, [.text(record.bundleIdentifier), .text(record.identifier), record.date.sqlColumn,
                              .text(record.content.title), .text(record.content.subtitle), .text(record.content.body),
                              .text(payload)])
                }
            }
        }

        // 2b. Plain prepared inserts: same rows and columns, no secondary or full-text index.
        let plainHome = HeraldHome(path: configuration.directory.appendingPathComponent("plain").path)
        try plainHome.create()
        let plain = try SQLiteConnection(path: plainHome.databaseURL.path, access: .readWriteCreate, busyTimeout: 5)
        try plain.executeScript("""
            PRAGMA journal_mode = WAL; PRAGMA synchronous = \(configuration.synchronous.rawValue);
            CREATE TABLE delivered (id INTEGER PRIMARY KEY, bundle_id TEXT NOT NULL, identifier TEXT NOT NULL,
                date REAL NOT NULL, presentation INTEGER NOT NULL, is_read INTEGER NOT NULL DEFAULT 0,
                is_removed INTEGER NOT NULL DEFAULT 0, title TEXT NOT NULL, subtitle TEXT NOT NULL, body TEXT NOT NULL,
                record TEXT NOT NULL);
            """)
        report.plainPreparedInsert = try seconds {
            try plain.transaction(write: true) {
                let sql = """
                    INSERT INTO delivered (bundle_id, identifier, date, presentation, title, subtitle, body, record)
                    VALUES (?1, ?2, ?3, 3, ?4, ?5, ?6, ?7)
                    """
                for (record, payload) in zip(records, payloads) {
                    let statement = try plain.prepare(sql, [.text(record.bundleIdentifier), .text(record.identifier),
                                                            record.date.sqlColumn, .text(record.content.title),
                                                            .text(record.content.subtitle), .text(record.content.body),
                                                            .text(payload)])
                    while try statement.step() {}
                }
            }
        }

        // 3. One commit per acknowledgement (what an unbatched engine would do).
        let singleHome = HeraldHome(path: configuration.directory.appendingPathComponent("single").path)
        let single = try SQLiteStore(home: singleHome, options: options)
        report.singleCommitInsert = try seconds {
            for record in records.prefix(configuration.singleCommits) { _ = try single.insertDelivered(record) }
        }

        // 4. Reads on the full store.
        let app = "com.example.app1"
        let queries: [(String, HistoryQuery)] = [
            ("history, first page of 50", HistoryQuery(limit: 50)),
            ("history of one app, first page", HistoryQuery(bundleIdentifier: app, limit: 50)),
            ("history, page at offset 5000", HistoryQuery(limit: 50, offset: 5_000)),
            ("search 'urgent' (10% of rows), first page", HistoryQuery(search: "urgent", limit: 50)),
            ("search 'urg' prefix, first page", HistoryQuery(search: "urg", limit: 50)),
            ("search 'urgent' in one app, first page", HistoryQuery(bundleIdentifier: app, search: "urgent", limit: 50)),
            ("search 'urgent meeting', first page", HistoryQuery(search: "urgent meeting", limit: 50)),
            ("search 'zephyr' (0.1%), first page", HistoryQuery(search: "zephyr", limit: 50)),
        ]
        for (label, query) in queries {
            _ = try store.history(query)   // warm the cache and the statement
            var runs: [Double] = []
            for _ in 0..<max(1, configuration.readRepetitions) { runs.append(try seconds { _ = try store.history(query) }) }
            let median = runs.sorted()[runs.count / 2]
            report.reads.append((label, median))
            if query.search != nil { report.searchFirstPages.append(median) }
            if query == HistoryQuery(limit: 50) { report.historyFirstPage = median }
        }
        var shapes: [(label: String, seconds: Double, cpuSeconds: Double)] = []
        for (label, query) in SearchShapes.queries(app: app) {
            let first = try seconds { _ = try store.history(query) }
            if first > report.searchWorstFirstRun.seconds { report.searchWorstFirstRun = (label, first) }
            var runs: [Double] = []
            var cpuRuns: [Double] = []
            for _ in 0..<3 {
                let cpuStart = threadCPUSeconds()
                runs.append(try seconds { _ = try store.history(query) })
                cpuRuns.append(threadCPUSeconds() - cpuStart)
            }
            shapes.append((label, runs.sorted()[1], cpuRuns.sorted()[1]))
        }
        report.searchShapeCount = shapes.count
        shapes.sort { $0.seconds > $1.seconds }
        report.searchSlowestShapes = Array(shapes.prefix(5))
        if let worst = shapes.first { report.searchWorstAll = (worst.label, worst.seconds) }
        if let worst = shapes.max(by: { $0.cpuSeconds < $1.cpuSeconds }) {
            report.searchWorstAllCPU = (worst.label, worst.cpuSeconds)
        }
        // The slowest by the clock, then by CPU time (which the load of a shared machine does not inflate).
        let costliest = shapes.sorted { $0.cpuSeconds > $1.cpuSeconds }.prefix(5)
        for shape in report.searchSlowestShapes + costliest {
            report.reads.append(("search shape \(shape.label) (CPU \(String(format: "%.2f ms", shape.cpuSeconds * 1000)))",
                                 shape.seconds))
        }
        report.reads.append(("slowest of \(report.searchShapeCount) search shapes: \(report.searchWorstAll.label)",
                             report.searchWorstAll.seconds))
        report.reads.append(("most CPU of the search shapes: \(report.searchWorstAllCPU.label)", report.searchWorstAllCPU.seconds))
        report.reads.append(("slowest first run of a search shape: \(report.searchWorstFirstRun.label)",
                             report.searchWorstFirstRun.seconds))
        report.reads.append(("count 'urgent' matches", try seconds { _ = try store.historyCount(HistoryQuery(search: "urgent")) }))
        report.reads.append(("unread counts per app", try seconds { _ = try store.unreadCounts() }))
        report.reads.append(("retention pass, nothing to delete", try seconds { _ = try store.applyRetention(now: base) }))
        let size = (try? FileManager.default.attributesOfItem(atPath: home.databaseURL.path)[.size] as? Int64) ?? 0
        let wal = (try? FileManager.default.attributesOfItem(atPath: home.databaseURL.path + "-wal")[.size] as? Int64) ?? 0
        report.databaseBytes = size + wal
        return report
    }
}
