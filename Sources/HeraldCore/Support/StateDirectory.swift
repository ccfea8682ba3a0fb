import Foundation

/// Where Herald keeps its state (database, attachments, the daemon's log), resolved the same
/// way by every process: the daemon, the `herald` commands, and apps using
/// `UNUserNotificationCenter` (which must find the daemon's socket from it).
///
/// In order: an explicit directory (`--home DIR`), `$HERALD_HOME`, `$XDG_STATE_HOME/herald`
/// (only when absolute, as the XDG spec asks), `~/.local/state/herald` — `~` being `$HOME` when it
/// is absolute (as shells and GLib take it; no password-database lookup), else the user's entry.
///
/// ```swift
/// let directory = StateDirectory.resolve()            // file URL, absolute, standardized
/// ```
public enum StateDirectory {
    /// The state directory for `explicit` (`--home`), else from the environment.
    public static func resolve(explicit: String? = nil,
                               environment: [String: String] = ProcessInfo.processInfo.environment,
                               userHome: String? = nil) -> URL {
        if let explicit, !explicit.isEmpty { return url(forPath: explicit) }
        if let home = environment["HERALD_HOME"], !home.isEmpty { return url(forPath: home) }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return url(forPath: state + "/herald")
        }
        return url(forPath: (userHome ?? self.userHome(environment: environment)) + "/.local/state/herald")
    }

    /// `$HOME` when it is absolute, else the home directory of the user's password entry.
    public static func userHome(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        return NSHomeDirectory()
    }

    /// `path` as an absolute, standardized directory URL (`~` expanded, relative paths taken from
    /// the current directory).
    public static func url(forPath path: String) -> URL {
        let expanded = (path as NSString).expandingTildeInPath
        let absolute = expanded.hasPrefix("/")
            ? expanded
            : FileManager.default.currentDirectoryPath + "/" + expanded
        return URL(fileURLWithPath: (absolute as NSString).standardizingPath, isDirectory: true)
    }
}
