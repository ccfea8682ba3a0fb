/// Measuring, truncating and wrapping text by display width.
///
/// ```swift
/// TextLayout.truncate("Hello, world", to: 8)       // "Hello, …"
/// TextLayout.wrap("one two three", width: 7)       // ["one two", "three"]
/// ```
public enum TextLayout {
    /// `text` cut to at most `width` columns, ending in `…` when something was cut.
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(text) <= width { return text }
        let room = width - DisplayWidth.of(ellipsis)
        guard room >= 0 else { return "" }
        return prefix(text, width: room) + ellipsis
    }

    /// The longest prefix of `text` that fits in `width` columns.
    public static func prefix(_ text: String, width: Int) -> String {
        var out = ""
        var used = 0
        for grapheme in text {
            let w = DisplayWidth.of(grapheme)
            if used + w > width { break }
            out.append(grapheme)
            used += w
        }
        return out
    }

    /// `text` padded with spaces (or cut) to exactly `width` columns.
    public static func pad(_ text: String, to width: Int) -> String {
        let cut = truncate(text, to: width)
        return cut + String(repeating: " ", count: max(0, width - DisplayWidth.of(cut)))
    }

    /// The first line of `text` (sanitized), or "" for empty text.
    public static func firstLine(_ text: String) -> String {
        let clean = TerminalText.sanitize(text, keepingNewlines: true)
        return clean.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
    }

    /// Word-wraps sanitized `text` into lines of at most `width` columns; explicit line breaks
    /// are kept; words longer than a line are broken between graphemes.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in TerminalText.sanitize(text, keepingNewlines: true).split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var word = String(word)
                var wordWidth = DisplayWidth.of(word)
                if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                    line += " " + word
                    lineWidth += 1 + wordWidth
                    continue
                }
                if lineWidth > 0 { lines.append(line); line = ""; lineWidth = 0 }
                while wordWidth > width {
                    let head = prefix(word, width: width)
                    guard !head.isEmpty else { word = ""; wordWidth = 0; break }
                    lines.append(head)
                    word = String(word.dropFirst(head.count))
                    wordWidth = DisplayWidth.of(word)
                }
                line = word
                lineWidth = wordWidth
            }
            lines.append(line)
        }
        while lines.last == "" && lines.count > 1 { lines.removeLast() }
        return lines
    }
}
