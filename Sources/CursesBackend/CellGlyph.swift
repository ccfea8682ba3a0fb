import CNCurses

/// What the backend hands ncurses for one cell, so that ncurses, the terminal and the model
/// agree on its width.
///
/// ncurses measures a cell by `wcwidth` of its first character and `setcchar` keeps only the
/// zero-width characters after it; the model (`DisplayWidth`) measures grapheme clusters. Where
/// they would disagree, the cell is drawn in a form every terminal gives the model's width:
///
/// - a wide cluster whose first character ncurses counts as wide (most emoji, ZWJ sequences
///   such as 👨‍👩‍👧, CJK) is kept whole — up to ncurses' `CCHARW_MAX` characters; a longer ZWJ
///   sequence is cut after its last complete member that fits, never leaving a dangling ZWJ;
///   skin-tone modifiers are left out (terminals that do not join them draw four columns);
/// - a wide cluster whose first character ncurses counts as narrow — a text-style emoji made wide
///   by VS16 (❤️), a keycap (1️⃣), a flag (🇩🇪) — is drawn as two narrow cells: the symbol without
///   VS16 and a space, or a flag's two letters ("DE");
/// - a narrow cluster keeps its base and the zero-width marks that fit.
///
/// ```swift
/// CellGlyph(symbol: "🇩🇪", width: 2, characterWidth: wcwidth).cells   // [["D"], ["E"]]
/// ```
struct CellGlyph: Equatable {
    /// The characters of the cell at `x`, and (for a wide cell drawn as two narrow ones) of `x + 1`.
    var first: [Unicode.Scalar]
    var second: [Unicode.Scalar]?

    /// The cells as lists of characters (one or two).
    var cells: [[Unicode.Scalar]] { second.map { [first, $0] } ?? [first] }

    static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
    static let variationSelector16: Unicode.Scalar = "\u{FE0F}"

    /// - Parameters:
    ///   - maxCharacters: ncurses' `CCHARW_MAX`.
    ///   - characterWidth: ncurses' measure of one character (`wcwidth`).
    init(symbol: String, width: Int, maxCharacters: Int = 5, characterWidth: (Unicode.Scalar) -> Int) {
        let all = Array(symbol.unicodeScalars)
        var scalars = all.count == 1 ? all : all.filter { !(0x1F3FB...0x1F3FF).contains($0.value) }
        guard let base = scalars.first else {
            first = [" "]
            return
        }
        if width == 2 && characterWidth(base) != 2 {
            let indicators = scalars.filter { (0x1F1E6...0x1F1FF).contains($0.value) }
            if indicators.count == 2 {
                first = [Self.letter(of: indicators[0])]
                second = [Self.letter(of: indicators[1])]
            } else {
                first = Array(scalars.filter { $0 != Self.variationSelector16 }.prefix(maxCharacters))
                second = [" "]
            }
            return
        }
        if width == 2 {
            if scalars.count > maxCharacters {
                let cutsAMember = scalars[maxCharacters] != Self.zeroWidthJoiner
                scalars = Array(scalars.prefix(maxCharacters))
                if cutsAMember, let join = scalars.lastIndex(of: Self.zeroWidthJoiner) { scalars = Array(scalars[..<join]) }
            }
        } else {
            // A narrow cell: the base and the zero-width marks after it (as `setcchar` would).
            var kept = [base]
            for scalar in scalars.dropFirst() where kept.count < maxCharacters {
                guard characterWidth(scalar) == 0 else { break }
                kept.append(scalar)
            }
            scalars = kept
        }
        while scalars.count > 1, scalars.last == Self.zeroWidthJoiner { scalars.removeLast() }
        first = scalars
    }

    /// ncurses' measure of a character: the C library's `wcwidth` (after `TerminalLocale.setUp()`).
    static func ncursesWidth(_ scalar: Unicode.Scalar) -> Int { Int(herald_wcwidth(wchar_t(bitPattern: scalar.value))) }

    /// The capital letter a regional indicator stands for (🇩 → "D").
    static func letter(of indicator: Unicode.Scalar) -> Unicode.Scalar {
        Unicode.Scalar(indicator.value - 0x1F1E6 + 0x41) ?? "?"
    }
}
