import Dispatch
import Foundation
import HeraldCore
import HeraldSystem

/// How `o` opens an attachment, decided from the environment: `xdg-open` when a desktop is
/// present (`DISPLAY` or `WAYLAND_DISPLAY`) and `xdg-open` is installed; the person's
/// `$PAGER` (else `less`) for text; otherwise a message with the file's path to copy.
///
/// ```swift
/// switch AttachmentOpener.plan(for: attachment) {
/// case .desktop(let command): …   // ["/usr/bin/xdg-open", path]
/// case .pager(let command): …     // run in the terminal, suspended
/// case .message(let text): …
/// }
/// ```
public enum AttachmentOpener {
    public enum Plan: Sendable, Hashable {
        /// Start this program and let it run (a desktop viewer).
        case desktop([String])
        /// Run this program in the terminal and wait for it (`/bin/sh -c '$PAGER "$1"'`).
        case pager([String])
        /// Nothing can show it here: tell the person where the file is.
        case message(String)
    }

    /// Text files a pager can show (types and extensions).
    static let textTypes: Set<String> = ["public.plain-text", "public.text", "public.utf8-plain-text", "public.json",
                                         "public.xml", "net.daringfireball.markdown", "public.log"]
    static let textExtensions: Set<String> = ["txt", "text", "log", "md", "json", "xml", "csv"]

    public static func plan(for attachment: AttachmentRecord,
                            environment: [String: String] = ProcessInfo.processInfo.environment) -> Plan {
        let path = attachment.path
        let hasDesktop = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        if hasDesktop, let xdgOpen = executable("xdg-open", environment: environment) {
            return .desktop([xdgOpen, path])
        }
        let isText = textTypes.contains(attachment.type)
            || textExtensions.contains((attachment.fileName as NSString).pathExtension.lowercased())
        if isText {
            let pager = environment["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? executable("less", environment: environment)
            if let pager { return .pager(["/bin/sh", "-c", pager + " \"$1\"", "sh", path]) }
        }
        // The path first: a narrow status line cuts the end, not what the person needs.
        let reason = hasDesktop ? "xdg-open is not installed" : "no desktop: DISPLAY/WAYLAND_DISPLAY unset"
        return .message("\(attachment.fileName) is at \(path) (\(reason))")
    }

    /// The full path of `name` in `PATH`, if it is there.
    static func executable(_ name: String, environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts a desktop viewer in its own session (reaped in the background, not waited for)
    /// and returns the status text, which names the file as `fileName`.
    static func launch(_ command: [String], fileName: String) -> String {
        let child: ChildProcess
        do {
            child = try ChildProcess(command[0], Array(command.dropFirst()), streams: .detached(errorLog: nil))
        } catch {
            return "Cannot start \(command[0]): \(error)"
        }
        DispatchQueue.global(qos: .utility).async { _ = child.wait() }
        return "Opened \(fileName) with \((command[0] as NSString).lastPathComponent)"
    }

    /// Runs a pager on the terminal and waits for it; an error text when it could not run.
    static func runInTerminal(_ command: [String]) -> String? {
        let status: Int32
        do {
            status = try ChildProcess(command[0], Array(command.dropFirst()), streams: .terminal).wait()
        } catch {
            return "Cannot start the pager: \(error)"
        }
        return status == 0 ? nil : "The pager exited with status \(status)"
    }
}
