#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// This process's environment variables read one at a time (`getenv`): for a short-lived
/// command that needs two or three of them (`herald post` finding the socket), where
/// `ProcessInfo.processInfo.environment` would build a dictionary of every variable first.
///
/// ```swift
/// ProcessEnvironment.value("HERALD_SOCKET")   // "/run/user/1000/herald/herald.sock" or nil
/// ```
public enum ProcessEnvironment {
    /// The variable's value, or `nil` when it is not set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
