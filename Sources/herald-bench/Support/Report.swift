import Foundation

/// One measured figure: its metric name (the JSON key), value, unit, goal, and the baseline it is
/// compared with when it has one.
struct Metric: Sendable {
    /// Whether larger or smaller values are better (for the goal check).
    enum Direction: Sendable { case higher, lower }

    /// The JSON key (`post_per_s`); `nil` for figures shown only in the table.
    var key: String?
    /// What the row is called in the table.
    var label: String
    var value: Double?
    var unit: String
    var goal: Double?
    var direction: Direction
    /// Why there is no value (shown instead of it).
    var missingReason: String?

    init(_ key: String?, label: String, value: Double?, unit: String, goal: Double? = nil,
         direction: Direction = .higher, missingReason: String? = nil) {
        self.key = key
        self.label = label
        self.value = value
        self.unit = unit
        self.goal = goal
        self.direction = direction
        self.missingReason = missingReason
    }

    /// Whether the goal is met (`nil` when there is no goal or no value).
    var meetsGoal: Bool? {
        guard let goal, let value else { return nil }
        return direction == .higher ? value >= goal : value <= goal
    }
}

/// A figure next to its natural baseline measured in the same run, with their ratio (and the
/// ratio's goal, where there is one: a floor shown for reference has none).
struct Comparison: Sendable {
    var label: String
    var measured: String
    var baseline: String
    var ratio: Double
    var goal: Double?
    var direction: Metric.Direction

    var meetsGoal: Bool? { goal.map { direction == .higher ? ratio >= $0 : ratio <= $0 } }
}

/// Collects metrics and comparisons, prints the table and writes the JSON object.
final class Report {
    private(set) var metrics: [Metric] = []
    private(set) var comparisons: [Comparison] = []
    /// Extra lines (profiles, details) printed under the table.
    private(set) var notes: [String] = []

    func add(_ metric: Metric) { metrics.append(metric) }
    func add(_ comparison: Comparison) { comparisons.append(comparison) }
    func note(_ line: String) { notes.append(line) }

    /// The JSON object: every metric that has a key and a value.
    func jsonObject() -> [String: Double] {
        var object: [String: Double] = [:]
        for metric in metrics {
            if let key = metric.key, let value = metric.value, value.isFinite { object[key] = value }
        }
        return object
    }

    func writeJSON(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(jsonObject())
        try data.write(to: URL(fileURLWithPath: path))
    }

    /// The table of metrics, then the comparisons with their baselines.
    func render() -> String {
        var rows: [[String]] = [["metric", "value", "goal", ""]]
        for metric in metrics {
            let value = metric.value.map { Report.format($0) + " " + metric.unit }
                ?? (metric.missingReason ?? "n/a")
            let goal = metric.goal.map { (metric.direction == .higher ? "≥ " : "≤ ") + Report.format($0) } ?? ""
            let verdict = metric.meetsGoal.map { $0 ? "ok" : "MISSED" } ?? ""
            rows.append([metric.key ?? metric.label, value, goal, verdict])
        }
        var text = Report.table(rows)
        if !comparisons.isEmpty {
            var compare: [[String]] = [["comparison", "measured", "baseline", "ratio", "goal", ""]]
            for c in comparisons {
                compare.append([c.label, c.measured, c.baseline, String(format: "%.2f", c.ratio),
                                c.goal.map { (c.direction == .higher ? "≥ " : "≤ ") + Report.format($0) } ?? "",
                                c.meetsGoal.map { $0 ? "ok" : "MISSED" } ?? ""])
            }
            text += "\n" + Report.table(compare)
        }
        if !notes.isEmpty { text += "\n" + notes.joined(separator: "\n") + "\n" }
        return text
    }

    /// A number with thousands separators, or two/three significant decimals when small.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let magnitude = abs(value)
        if magnitude >= 1_000 {
            let rounded = Int(value.rounded())
            var digits = String(abs(rounded))
            var groups: [String] = []
            while digits.count > 3 {
                groups.insert(String(digits.suffix(3)), at: 0)
                digits.removeLast(3)
            }
            groups.insert(digits, at: 0)
            return (rounded < 0 ? "-" : "") + groups.joined(separator: ",")
        }
        if magnitude >= 100 { return String(format: "%.0f", value) }
        if magnitude >= 10 { return String(format: "%.1f", value) }
        if magnitude >= 1 { return String(format: "%.2f", value) }
        return String(format: "%.3f", value)
    }

    /// Left-aligned columns separated by two spaces, with a rule under the header.
    static func table(_ rows: [[String]]) -> String {
        guard let header = rows.first else { return "" }
        var widths = Array(repeating: 0, count: header.count)
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        func line(_ row: [String]) -> String {
            row.enumerated().map { i, cell in cell.padding(toLength: widths[i], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        var lines = [line(header), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
        lines += rows.dropFirst().map(line)
        return lines.joined(separator: "\n") + "\n"
    }
}
