import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether the user's session has a sound server to play through: `PULSE_SERVER` names one, or
/// `$XDG_RUNTIME_DIR/pulse/native` is a socket (PulseAudio's, or PipeWire's pulse server, which
/// every current Linux desktop runs). Without one — a server, an SSH login, a container — sounds
/// are left to the terminal bell, and nothing is started to make one.
///
/// ```swift
/// SoundSession.server(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"])   // "/run/user/1000/pulse/native"
/// ```
enum SoundSession {
    /// The sound server's address, or `nil` when there is none.
    static func server(environment: [String: String]) -> String? {
        if let named = environment["PULSE_SERVER"], !named.isEmpty { return named }
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
        let socketPath = runtime + "/pulse/native"
        var info = stat()
        guard stat(socketPath, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK else { return nil }
        return socketPath
    }
}
