// swift-tools-version: 6.0
import PackageDescription

/// Herald: a terminal notification center for Linux that speaks Apple's UserNotifications API.
///
/// Module dependencies point one way, from the executables down to the C shims:
///
///     herald ─▶ HeraldDemo ─▶ UserNotifications ─▶ HeraldIPC ─▶ HeraldCore ─▶ (Foundation)
///            ─▶ CursesBackend ─▶ HeraldUI ─▶ HeraldCore          CoreLocation
///            ─▶ HeraldStore ─▶ CSQLite           CursesBackend ─▶ CNCurses
///            ─▶ HeraldIPC ─▶ HeraldCore
///
/// `UserNotifications` uses `HeraldIPC` to reach the daemon (`UNUserNotificationCenter.current()`
/// with nothing installed); `HeraldIPC` never imports `UserNotifications`.
let swiftSettings: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "Herald",
    products: [
        .library(name: "UserNotifications", targets: ["UserNotifications"]),
        .library(name: "CoreLocation", targets: ["CoreLocation"]),
        .library(name: "UserNotificationsTesting", targets: ["UserNotificationsTesting"]),
        .executable(name: "herald", targets: ["herald"]),
        .executable(name: "herald-bench", targets: ["herald-bench"]),
    ],
    targets: [
        // C shims (the only places that touch C headers).
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .systemLibrary(name: "CNCurses", path: "Sources/CNCurses"),
        // libdbus's types and constants only; the functions are loaded at run time (no link).
        .systemLibrary(name: "CDBus", path: "Sources/CDBus"),
        // Types and function shapes of libpng, libturbojpeg, giflib and libchafa (dlopen'ed; nothing linked).
        .systemLibrary(name: "CImageCodecs", path: "Sources/CImageCodecs"),

        // Apple-shaped API.
        .target(name: "CoreLocation", swiftSettings: swiftSettings),
        .target(name: "HeraldCore", swiftSettings: swiftSettings),
        .target(name: "UserNotifications", dependencies: ["HeraldCore", "HeraldIPC", "CoreLocation"],
                swiftSettings: swiftSettings),
        .target(name: "UserNotificationsTesting",
                dependencies: ["UserNotifications", "HeraldCore", "CoreLocation"], swiftSettings: swiftSettings),

        // The center's parts.
        .target(name: "HeraldStore", dependencies: ["HeraldCore", "CSQLite"], swiftSettings: swiftSettings),
        .target(name: "TerminalKit", swiftSettings: swiftSettings),
        .target(name: "HeraldPreview", dependencies: ["HeraldCore", "TerminalKit", "CImageCodecs"],
                swiftSettings: swiftSettings),
        .target(name: "HeraldUI", dependencies: ["HeraldCore", "TerminalKit", "HeraldSystem", "HeraldPreview"],
                swiftSettings: swiftSettings),
        .target(name: "CursesBackend", dependencies: ["TerminalKit", "CNCurses"], swiftSettings: swiftSettings),
        .target(name: "HeraldIPC", dependencies: ["HeraldCore", "HeraldSystem"], swiftSettings: swiftSettings),
        // POSIX plumbing: spawning processes, lock files, wake pipes, signals.
        .target(name: "HeraldSystem", swiftSettings: swiftSettings),
        // Front door: org.freedesktop.Notifications on the session bus.
        .target(name: "HeraldDBus", dependencies: ["HeraldCore", "CDBus"], swiftSettings: swiftSettings),
        .target(name: "HeraldDemo", dependencies: ["UserNotifications", "CoreLocation", "HeraldCore"],
                swiftSettings: swiftSettings),

        // Executables: argument parsing and wiring only.
        .executableTarget(name: "herald",
                          dependencies: ["HeraldCore", "HeraldStore", "HeraldUI", "CursesBackend", "HeraldIPC",
                                         "HeraldDemo", "UserNotifications", "HeraldSystem", "TerminalKit", "HeraldDBus"],
                          swiftSettings: swiftSettings),
        .executableTarget(name: "herald-bench",
                          dependencies: ["HeraldCore", "HeraldStore", "HeraldUI", "CursesBackend", "HeraldIPC",
                                         "UserNotifications", "HeraldSystem", "TerminalKit", "HeraldPreview", "HeraldDBus"],
                          swiftSettings: swiftSettings),

        // Tests mirror the sources.
        .target(name: "TestSupport", dependencies: ["HeraldCore", "HeraldSystem"], path: "Tests/TestSupport",
                swiftSettings: swiftSettings),
        .testTarget(name: "HeraldCoreTests", dependencies: ["HeraldCore", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "UserNotificationsTests",
                    dependencies: ["UserNotifications", "UserNotificationsTesting", "CoreLocation", "HeraldCore"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "DelegateShapesTests",
                    dependencies: ["UserNotifications", "UserNotificationsTesting"], swiftSettings: swiftSettings),
        .testTarget(name: "HeraldStoreTests", dependencies: ["HeraldStore", "HeraldCore", "TestSupport"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit"], swiftSettings: swiftSettings),
        .testTarget(name: "HeraldUITests", dependencies: ["HeraldUI", "HeraldCore", "TestSupport", "TerminalKit"],
                    exclude: ["Snapshots"], swiftSettings: swiftSettings),
        .testTarget(name: "HeraldPreviewTests", dependencies: ["HeraldPreview", "HeraldCore", "TerminalKit", "TestSupport"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "CursesBackendTests", dependencies: ["CursesBackend", "TerminalKit", "HeraldUI"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "EndToEndTests", dependencies: ["HeraldCore", "HeraldStore", "HeraldIPC", "TestSupport"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "HeraldDBusTests", dependencies: ["HeraldDBus", "HeraldCore"], swiftSettings: swiftSettings),
        .testTarget(name: "HeraldIPCTests", dependencies: ["HeraldIPC", "HeraldCore", "TestSupport", "HeraldSystem"],
                    swiftSettings: swiftSettings),
    ]
)

// The MeetingInvite sample (Apple's actionable-notification sample, on Linux): its app code as a
// library the tests drive through the simulator, and a tiny executable.
package.targets += [
    .target(name: "MeetingInviteKit", dependencies: ["UserNotifications"],
            path: "Examples/MeetingInvite/MeetingInviteKit", swiftSettings: swiftSettings),
    .executableTarget(name: "meeting-invite-example", dependencies: ["MeetingInviteKit", "UserNotifications"],
                      path: "Examples/MeetingInvite/App", swiftSettings: swiftSettings),
    .testTarget(name: "MeetingInviteTests",
                dependencies: ["MeetingInviteKit", "UserNotifications", "UserNotificationsTesting"],
                path: "Examples/MeetingInvite/Tests", swiftSettings: swiftSettings),
]
package.products += [.executable(name: "meeting-invite-example", targets: ["meeting-invite-example"])]
// A remote app: an ordinary program whose UNUserNotificationCenter talks to the running daemon
// (HeraldIPCTests runs it against `herald daemon`).
package.targets.append(
    .executableTarget(name: "remote-app-example", dependencies: ["UserNotifications"],
                      path: "Examples/RemoteApp", swiftSettings: swiftSettings)
)
package.products += [.executable(name: "remote-app-example", targets: ["remote-app-example"])]
// The child process of HeraldStoreTests' kill -9 test: writes to a store and prints every id the
// store acknowledged. `swift build` and `swift test` build it next to the test bundle.
package.targets.append(
    .executableTarget(name: "herald-store-writer", dependencies: ["HeraldStore", "HeraldCore"],
                      swiftSettings: swiftSettings)
)
