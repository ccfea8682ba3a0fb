/// How an app is named when nobody gave it a name.
///
/// A bundle identifier is reverse DNS (`com.example.calendar`): its last part, capitalised, is
/// the name ("Calendar"). But `herald post` names an app after the script that calls it
/// (`backup.sh`, `sync.py`), and there the last dot-separated part is a file extension — the
/// name "Sh" or "Py" would say nothing. An identifier whose last part is the extension of a
/// script or program file is shown whole.
///
/// ```swift
/// AppRecord.defaultDisplayName(for: "com.example.calendar")   // "Calendar"
/// AppRecord.defaultDisplayName(for: "backup.sh")              // "backup.sh"
/// ```
extension AppRecord {
    /// Extensions of script and program files (lower case), which reverse-DNS names never end in.
    public static let fileNameExtensions: Set<String> = [
        "sh", "bash", "zsh", "ksh", "csh", "fish", "py", "pyw", "pl", "pm", "rb", "js", "mjs", "cjs", "ts", "php",
        "lua", "tcl", "awk", "sed", "r", "jl", "swift", "go", "exe", "ps1", "bat", "cmd", "nu", "el", "scm", "hs",
        "ml", "exs", "groovy", "kts", "raku", "out", "bin", "run", "command", "tool",
    ]

    /// Whether `bundleIdentifier` is a file name (`backup.sh`) rather than reverse DNS.
    public static func isFileName(_ bundleIdentifier: String) -> Bool {
        let parts = bundleIdentifier.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, let last = parts.last, !last.isEmpty, let first = parts.first, !first.isEmpty else {
            return false
        }
        return fileNameExtensions.contains(last.lowercased())
    }

    /// The reverse-DNS name: the last part, capitalised (`com.example.calendar` → "Calendar").
    static func reverseDNSName(_ bundleIdentifier: String) -> String {
        let last = bundleIdentifier.split(separator: ".").last.map(String.init) ?? bundleIdentifier
        guard let first = last.first else { return bundleIdentifier }
        return first.uppercased() + last.dropFirst()
    }

    /// This record with a file-named app's display name made whole, when it still has the name
    /// earlier versions gave it ("Sh" for `backup.sh`); a name the app or the user chose stays.
    public func withFileNameAsDisplayName() -> AppRecord {
        guard AppRecord.isFileName(bundleIdentifier), displayName == AppRecord.reverseDNSName(bundleIdentifier) else {
            return self
        }
        var app = self
        app.displayName = bundleIdentifier
        return app
    }
}
