/// How many colours a preview may use, chosen from the terminal.
///
/// ```swift
/// let mode = PreviewColorMode.choose(colorTerm: env["COLORTERM"], terminalColors: 256, noColor: false)
/// // .indexed256
/// ```
public enum PreviewColorMode: String, Sendable, Hashable, CaseIterable {
    /// 24-bit colour (`COLORTERM=truecolor`/`24bit` and a terminfo entry with direct colour).
    case trueColor = "truecolor"
    /// The xterm 256-colour palette.
    case indexed256 = "256"
    /// The 16 ANSI colours.
    case indexed16 = "16"
    /// The 8 basic ANSI colours.
    case indexed8 = "8"
    /// Characters only, in the terminal's own colours.
    case monochrome
    /// No previews at all (`NO_COLOR`, or a terminal without colours and attributes).
    case none

    /// Picks the mode: nothing under `NO_COLOR`; true colour when the terminfo entry has direct
    /// colour (2^24 colours, e.g. `xterm-direct`), or when `COLORTERM` is `truecolor`/`24bit`
    /// and the backend can draw 24-bit colour (`directColor`); else the terminfo count decides
    /// (256, 16, 8); fewer colours give a monochrome picture.
    public static func choose(colorTerm: String?, terminalColors: Int, directColor: Bool = false,
                              noColor: Bool) -> PreviewColorMode {
        if noColor { return .none }
        let wantsTrueColor = ["truecolor", "24bit"].contains(colorTerm?.lowercased() ?? "")
        if terminalColors >= 1 << 24 || (wantsTrueColor && directColor) { return .trueColor }
        if terminalColors >= 256 { return .indexed256 }
        if terminalColors >= 16 { return .indexed16 }
        if terminalColors >= 8 { return .indexed8 }
        return .monochrome
    }
}
