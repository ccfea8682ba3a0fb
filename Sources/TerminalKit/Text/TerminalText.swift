/// The one gate every string from a notification passes before it reaches a terminal or a log:
/// the UI's screen, the command line's output, the daemon's log.
///
/// `sanitize` removes escape sequences (CSI, OSC, DCS/SOS/PM/APC strings, two-byte ESC
/// sequences), C0 and C1 control characters, DEL, and the bidirectional overrides and
/// isolates that could reorder what the user reads. Tabs become a space; line breaks become a
/// space, or `\n` when `keepingNewlines` is true (bodies are wrapped line by line).
/// `escaped` shows the same characters as visible escapes instead (a log says what was sent);
/// `inertJSON` escapes them inside JSON text (what `--json` prints).
///
/// ```swift
/// TerminalText.sanitize("\u{1B}[2JHello\u{7}")   // "Hello"
/// TerminalText.escaped("probe\u{1B}[31m")          // "probe\\u{1B}[31m"
/// ```
public enum TerminalText {
    /// `text` with every control character and escape sequence removed.
    public static func sanitize(_ text: String, keepingNewlines: Bool = false) -> String {
        // Fast path: nothing to strip.
        if !containsAttention(text) { return text }
        var out = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        let newline: Unicode.Scalar = keepingNewlines ? "\n" : " "
        while let scalar = scalars.popFirst() {
            let v = scalar.value
            switch v {
            case 0x1B:   // ESC
                skipEscape(&scalars)
            case 0x9B:   // C1 CSI
                skipCSIBody(&scalars)
            case 0x9D, 0x90, 0x98, 0x9E, 0x9F:   // C1 OSC, DCS, SOS, PM, APC
                skipString(&scalars)
            case 0x0D:   // CR, CRLF
                if scalars.first == "\n" { scalars.removeFirst() }
                out.append(newline)
            case 0x0A, 0x0B, 0x0C, 0x2028, 0x2029:
                out.append(newline)
            case 0x09:
                out.append(" ")
            case 0x00..<0x20, 0x7F, 0x80..<0xA0:
                continue
            case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C, 0xFEFF, 0xFFF9...0xFFFB:
                continue   // bidi embeddings/overrides/isolates/marks, BOM, interlinear annotations
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether any character of `text` is one `needsAttention` names, read from its UTF-8 bytes
    /// (a tenth of the cost of decoding its Unicode scalars: a status line of a hundred apps,
    /// 2.5 KB, is checked whole). Each such character is one of these byte sequences: a byte
    /// below 0x20 or 0x7F; C2 80–9F (C1); D8 9C (U+061C); E2 80 8E/8F and E2 80 A8–AE
    /// (U+200E/F, U+2028–202E); E2 81 A6–A9 (U+2066–2069); EF BB BF (U+FEFF); EF BF B9–BB
    /// (U+FFF9–FFFB).
    static func containsAttention(_ text: String) -> Bool {
        var text = text   // `withUTF8` may make a foreign string native first; a native one is read in place
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 || byte == 0x7F { return true }
                if byte >= 0xC2 {
                    // Valid UTF-8: a lead byte is followed by its continuation bytes.
                    let second = index + 1 < bytes.count ? bytes[index + 1] : 0
                    let third = index + 2 < bytes.count ? bytes[index + 2] : 0
                    switch byte {
                    case 0xC2: if second < 0xA0 { return true }
                    case 0xD8: if second == 0x9C { return true }
                    case 0xE2:
                        if second == 0x80 && (third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third)) { return true }
                        if second == 0x81 && (0xA6...0xA9).contains(third) { return true }
                    case 0xEF:
                        if second == 0xBB && third == 0xBF { return true }
                        if second == 0xBF && (0xB9...0xBB).contains(third) { return true }
                    default: break
                    }
                }
                index += 1
            }
            return false
        }
    }

    /// `text` with every character `sanitize` would act on — C0 (newlines and tabs included),
    /// DEL, C1, the bidirectional controls, line and paragraph separators — written as a
    /// visible `\u{XX}` escape: one line of a log, showing what a client sent without letting
    /// it drive the terminal that reads the log.
    public static func escaped(_ text: String) -> String {
        guard containsAttention(text) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if needsAttention(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// JSON text made inert for a terminal: every character `sanitize` would act on that a JSON
    /// encoder writes raw (DEL, C1, the bidirectional controls, line and paragraph separators)
    /// becomes its `\uXXXX` escape — the same JSON to any reader. Characters below U+0020 are
    /// left alone: encoders escape them inside strings, so outside strings they are the
    /// layout's newlines and indentation.
    public static func inertJSON(_ json: String) -> String {
        func escapes(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x7F && needsAttention(scalar) }
        guard json.unicodeScalars.contains(where: escapes) else { return json }
        var result = ""
        result.reserveCapacity(json.utf8.count + 16)
        for scalar in json.unicodeScalars {
            if escapes(scalar) {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `sanitize` removes or replaces `scalar` (and `escaped` shows it as an escape).
    static func needsAttention(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return true }
        if v < 0x61C { return false }
        return v == 0x061C || v == 0x200E || v == 0x200F || (0x2028...0x202E).contains(v)
            || (0x2066...0x2069).contains(v) || v == 0xFEFF || (0xFFF9...0xFFFB).contains(v)
    }

    /// Skips what follows an ESC: a CSI, a string sequence, or one intermediate+final byte run.
    static func skipEscape(_ s: inout ArraySlice<Unicode.Scalar>) {
        guard let next = s.first else { return }
        switch next {
        case "[":
            s.removeFirst()
            skipCSIBody(&s)
        case "]", "P", "X", "^", "_":
            s.removeFirst()
            skipString(&s)
        default:
            // nF sequences: intermediates 0x20–0x2F then one final byte 0x30–0x7E.
            while let c = s.first, (0x20...0x2F).contains(c.value) { s.removeFirst() }
            if let c = s.first, (0x30...0x7E).contains(c.value) { s.removeFirst() }
        }
    }

    /// CSI parameters (0x30–0x3F), intermediates (0x20–0x2F), one final byte (0x40–0x7E).
    static func skipCSIBody(_ s: inout ArraySlice<Unicode.Scalar>) {
        while let c = s.first, (0x20...0x3F).contains(c.value) { s.removeFirst() }
        if let c = s.first, (0x40...0x7E).contains(c.value) { s.removeFirst() }
    }

    /// A string sequence, up to BEL, ST (ESC \) or C1 ST (0x9C).
    static func skipString(_ s: inout ArraySlice<Unicode.Scalar>) {
        while let c = s.popFirst() {
            if c == "\u{07}" || c == "\u{9C}" { return }
            if c == "\u{1B}" {
                if s.first == "\\" { s.removeFirst() }
                return
            }
        }
    }
}
