/// How many terminal columns text takes, in pure Swift (no `wcwidth`).
///
/// Rules, per grapheme cluster:
/// - East Asian Wide and Fullwidth characters (CJK, Hangul, kana, fullwidth forms) and emoji with
///   emoji presentation take **2** columns;
/// - a text-style emoji followed by VS16 (U+FE0F) and a regional-indicator pair (a flag) take 2;
/// - combining marks, format characters (ZWJ, ZWSP, …) and variation selectors take **0** on
///   their own; inside a cluster only the base character counts;
/// - everything else takes 1.
///
/// ```swift
/// DisplayWidth.of("abc")   // 3
/// DisplayWidth.of("日本")  // 4
/// DisplayWidth.of("👍🏽")   // 2
/// DisplayWidth.of("e\u{301}") // 1
/// ```
public enum DisplayWidth {
    /// Columns taken by a string.
    public static func of(_ text: some StringProtocol) -> Int {
        var total = 0
        for grapheme in text { total += of(grapheme) }
        return total
    }

    /// Columns taken by one grapheme cluster (0, 1 or 2).
    public static func of(_ grapheme: Character) -> Int {
        if grapheme.isASCII {
            guard let v = grapheme.asciiValue else { return 1 }   // "\r\n"
            return v < 0x20 || v == 0x7F ? 0 : 1
        }
        let scalars = grapheme.unicodeScalars
        guard let first = scalars.first else { return 0 }
        var base = first
        var width = of(scalar: first)
        if width == 0 {
            // A cluster that starts with a zero-width scalar: measure its first visible one.
            guard let visible = scalars.first(where: { of(scalar: $0) > 0 }) else { return 0 }
            base = visible
            width = of(scalar: visible)
        }
        if width == 1 && scalars.count > 1 {
            if isRegionalIndicator(base) && scalars.dropFirst().contains(where: isRegionalIndicator) { return 2 }
            if scalars.contains("\u{FE0F}") && base.properties.isEmoji { return 2 }
            if scalars.contains(where: { (0x1F3FB...0x1F3FF).contains($0.value) }) { return 2 }   // skin tones
        }
        return width
    }

    /// Columns taken by one scalar on its own (0, 1 or 2).
    public static func of(scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x7F { return v < 0x20 ? 0 : 1 }
        if v < 0xA0 { return 0 }   // DEL and C1 controls
        if isZeroWidth(scalar) { return 0 }
        return isWide(v) ? 2 : 1
    }

    static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool { (0x1F1E6...0x1F1FF).contains(scalar.value) }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v == 0x00AD { return false }   // soft hyphen: terminals draw it
        if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { return true }   // Hangul medial/final jamo
        if v == 0x200B { return true }   // zero-width space
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges (Unicode 15.1), which include the emoji
    /// with emoji presentation.
    static func isWide(_ v: UInt32) -> Bool {
        if v < 0x1100 { return false }
        var low = 0, high = wideRanges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = wideRanges[mid]
            if v < range.lowerBound { high = mid - 1 } else if v > range.upperBound { low = mid + 1 } else { return true }
        }
        return false
    }

    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
        0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
        0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
        0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x16FE0...0x16FE4, 0x16FF0...0x16FF1, 0x17000...0x187F7, 0x18800...0x18CD5, 0x18D00...0x18D08,
        0x1AFF0...0x1B2FB, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
        0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265,
        0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA,
        0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440,
        0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A,
        0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC,
        0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC,
        0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF,
        0x1FA70...0x1FA7C, 0x1FA80...0x1FA88, 0x1FA90...0x1FABD, 0x1FABF...0x1FAC5, 0x1FACE...0x1FADB,
        0x1FAE0...0x1FAE8, 0x1FAF0...0x1FAF8, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
