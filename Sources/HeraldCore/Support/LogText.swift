/// Text for a log line: control characters (C0, DEL, C1 — escape sequences included) shown as
/// `\u{1B}`-style escapes, so a client's text in the daemon's log cannot drive the terminal that
/// reads it.
///
/// ```swift
/// LogText.escaped("probe\u{1B}[31m")   // "probe\u{1B}[31m" as visible text
/// ```
public enum LogText {
    /// `text` with every control character written as `\u{XX}`; newlines included (one event,
    /// one line).
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
