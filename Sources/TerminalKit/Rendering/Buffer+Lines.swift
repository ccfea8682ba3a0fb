extension Buffer {
    /// A buffer made from text rows (unstyled), padded with spaces to the widest row — the way
    /// tests write the expected screen.
    ///
    /// ```swift
    /// #expect(buffer == Buffer(lines: ["╭─ Herald ─╮",
    ///                                  "│ 日本     │"]))
    /// ```
    public init(lines: [String]) {
        let width = lines.map { DisplayWidth.of($0) }.max() ?? 0
        self.init(area: Rect(width: width, height: lines.count))
        for (y, line) in lines.enumerated() { setString(x: 0, y: y, line) }
    }

    /// Whether the text of the two buffers is the same, whatever the styles.
    public func hasSameText(as other: Buffer) -> Bool { area == other.area && lines == other.lines }
}
