import Foundation

/// Finding the programs the tests and benchmarks run (`dbus-daemon`, `notify-send`, `dunst`, …).
public enum Programs {
    /// The full path of `program` on `PATH` (then `/usr/bin`, `/usr/sbin`), or `nil`.
    public static func which(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") + ["/usr/bin", "/usr/sbin"] {
            let candidate = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Why these programs cannot all run here (the first one missing, with the package that has
    /// it), or `nil`.
    public static func missing(_ programs: [String]) -> String? {
        guard let program = programs.first(where: { which($0) == nil }) else { return nil }
        return "\(program) is not installed (apt-get install \(package(of: program)))"
    }

    private static func package(of program: String) -> String {
        switch program {
        case "dbus-daemon": "dbus-daemon"
        case "dbus-send", "dbus-monitor": "dbus-bin"
        case "notify-send": "libnotify-bin"
        case "gdbus": "libglib2.0-bin"
        case "Xvfb": "xvfb"
        default: program
        }
    }
}
