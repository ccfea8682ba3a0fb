/// Plain-text columns for a command's output: left-aligned, separated by two spaces, every cell
/// passed through `TerminalText.sanitize` (line breaks and tabs become spaces) and cut to its
/// column's maximum width with `…`. Widths are display widths (`DisplayWidth`).
///
/// ```swift
/// let table = TextTable(headers: ["ID", "TITLE"], maxWidths: [nil, 10], rows: [["1", "Hello, world"]])
/// print(table.render(), terminator: "")
/// // ID  TITLE
/// // 1   Hello, wo…
/// ```
public struct TextTable: Sendable {
    public var headers: [String]
    /// Per column: the widest a cell may be (`nil`: no limit).
    public var maxWidths: [Int?]
    public var rows: [[String]]

    public init(headers: [String], maxWidths: [Int?], rows: [[String]]) {
        self.headers = headers
        self.maxWidths = maxWidths
        self.rows = rows
    }

    /// The table, one line per row (headers first), each ending in a newline; no trailing spaces.
    public func render() -> String {
        let cells = rows.map { row in
            row.enumerated().map { index, cell -> String in
                let clean = TerminalText.sanitize(cell)
                guard index < maxWidths.count, let limit = maxWidths[index] else { return clean }
                return TextLayout.truncate(clean, to: limit)
            }
        }
        var widths = headers.map { DisplayWidth.of($0) }
        for row in cells {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], DisplayWidth.of(cell))
            }
        }
        var output = ""
        for row in [headers] + cells {
            var line = ""
            for (index, cell) in row.enumerated() {
                if index == row.count - 1 {
                    line += cell
                } else {
                    line += cell + String(repeating: " ", count: widths[index] - DisplayWidth.of(cell) + 2)
                }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            output += line + "\n"
        }
        return output
    }
}
