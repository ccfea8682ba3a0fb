import Foundation

/// What `PRAGMA quick_check` found, with the tables the damaged pages belong to.
public struct IntegrityReport: Sendable, Hashable, CustomStringConvertible {
    /// The database file.
    public var path: String
    /// SQLite's messages (at most `SQLiteStore.integrityMessageLimit`); empty when intact.
    public var problems: [String]
    /// Tables and indexes named by the messages (`delivered`, `delivered_fts`, …).
    public var damagedTables: [String]

    public var isIntact: Bool { problems.isEmpty }

    public var description: String {
        guard !isIntact else { return "the database \(path) passed its quick check" }
        let tables = damagedTables.isEmpty ? "" : " in \(damagedTables.joined(separator: ", "))"
        return "the database \(path) is damaged\(tables): \(problems.count) problem\(problems.count == 1 ? "" : "s"), "
            + "first: \(problems[0]). Readable rows are still served; unreadable history rows show as "
            + "\"Unreadable notification\". Keep a copy (cp '\(path)' '\(path).damaged') before anything else."
    }
}

extension SQLiteStore {
    /// How many problems a quick check reports at most.
    public static let integrityMessageLimit = 20

    /// Runs `PRAGMA quick_check` on a connection of its own (the writer is not held up), and
    /// names the tables of the damaged pages. The daemon runs it at start.
    public func quickCheck() throws -> IntegrityReport {
        let checker = try SQLiteConnection(path: databaseURL.path, access: .readOnly, busyTimeout: options.busyTimeout)
        var problems: [String] = []
        do {
            problems = try checker.query("PRAGMA quick_check(\(Self.integrityMessageLimit))") { $0.text(0) }
                .filter { $0 != "ok" }
        } catch let error as StoreError {
            problems = ["\(error)"]
        }
        guard !problems.isEmpty else { return IntegrityReport(path: databaseURL.path, problems: [], damagedTables: []) }
        // Which tables: each one checked on its own (quick_check(TABLE) covers its indexes).
        let names = (try? checker.query("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name") {
            $0.text(0)
        }) ?? []
        var tables: [String] = []
        for name in names {
            let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            let result = try? checker.query("PRAGMA quick_check(\(quoted))") { $0.text(0) }
            if result != ["ok"] { tables.append(name) }
        }
        return IntegrityReport(path: databaseURL.path, problems: problems, damagedTables: tables)
    }
}
