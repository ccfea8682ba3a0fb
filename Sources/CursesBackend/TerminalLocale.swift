import CNCurses
import Foundation

/// The locale step of the terminal lifecycle: `setlocale(LC_ALL, "")`, and when the resulting
/// codeset is not UTF-8, a fall back to `C.UTF-8` so non-ASCII text is drawn correctly.
enum TerminalLocale {
    /// Sets the locale; returns the codeset finally in effect.
    @discardableResult
    static func setUp() -> String {
        _ = herald_setlocale_all("")
        if isUTF8(currentCodeset) { return currentCodeset }
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where herald_setlocale_all(name) != nil {
            if isUTF8(currentCodeset) { break }
        }
        return currentCodeset
    }

    static var currentCodeset: String {
        guard let codeset = herald_codeset() else { return "" }
        return String(cString: codeset)
    }

    static func isUTF8(_ codeset: String) -> Bool {
        let normalized = codeset.lowercased().replacingOccurrences(of: "-", with: "")
        return normalized == "utf8"
    }
}
