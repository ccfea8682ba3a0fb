extension Buffer: CustomDebugStringConvertible {
    /// The rows as quoted lines, followed by the runs of non-plain style, so a failed
    /// `#expect(buffer == expected)` reads like a screenshot:
    ///
    /// ```text
    /// Buffer 10×2
    /// "Herald    "
    /// "  日本    "
    /// styles:
    ///   y=0 x=0..<6 bold
    /// ```
    public var debugDescription: String {
        var out = "Buffer \(area.width)×\(area.height)\n"
        for line in lines { out += "\"\(line)\"\n" }
        let runs = styleRuns
        if !runs.isEmpty {
            out += "styles:\n"
            for run in runs { out += "  y=\(run.y) x=\(run.x)..<\(run.x + run.length) \(run.style)\n" }
        }
        return out
    }

    /// Horizontal runs of cells sharing one non-plain style.
    public var styleRuns: [(y: Int, x: Int, length: Int, style: Style)] {
        var runs: [(y: Int, x: Int, length: Int, style: Style)] = []
        for row in 0..<area.height {
            var start = 0
            var current: Style? = nil
            func close(_ end: Int) {
                if let style = current, style != .plain {
                    runs.append((area.y + row, area.x + start, end - start, style))
                }
            }
            for col in 0..<area.width {
                let style = cells[row * area.width + col].style
                if style != current { close(col); start = col; current = style }
            }
            close(area.width)
        }
        return runs
    }
}
