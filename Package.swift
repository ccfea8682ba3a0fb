// swift-tools-version: 6.0
import PackageDescription
#if canImport(Glibc)
import Glibc
#endif

/// Herald: a terminal notification center for Linux that speaks Apple's UserNotifications API.
///
/// Module dependencies point one way, from the executables down to the C shims:
///
///     herald ─▶ HeraldDemo ─▶ UserNotifications ─▶ HeraldClient ─▶ HeraldWire ─▶ HeraldCore
///            ─▶ HeraldDaemon ─▶ HeraldWire          (HeraldStore and HeraldUI ─▶ HeraldCore too)
///            ─▶ HeraldStore ─▶ CSQLite
///            ─▶ HeraldUI ─▶ TerminalKit ◀─ CursesBackend ─▶ CNCurses
///               HeraldUI ─▶ HeraldPreview ─▶ CImageCodecs
///     HeraldWire, HeraldClient, HeraldDaemon, HeraldUI ─▶ HeraldSystem (POSIX plumbing)
///
/// Apps link the client, never the daemon: `UNUserNotificationCenter.current()` with nothing
/// installed reaches the daemon through `HeraldClient`; `HeraldDaemon` and `HeraldClient` share
/// only `HeraldWire`. `CursesBackend` is the only module that calls ncurses, `HeraldSystem` the
/// only one that spawns processes, `TerminalKit` holds the one sanitising gate. The support
/// targets under `Sources/Harness/` (real servers to measure against, meters) are linked by the
/// tests and `herald-bench` only; no executable links a target under `Tests/`.
///
/// Each module and what it depends on — `scripts/check-imports.sh` (run by `.ci/run`) checks this
/// table, the same table in docs/ARCHITECTURE.md, and every `import` against it:
///
/// module-graph:begin
///     CNCurses             ─▶ —  (ncursesw)
///     CSQLite              ─▶ —  (sqlite3)
///     CImageCodecs         ─▶ —  (image decoders and libchafa, loaded at run time)
///     CDBus                ─▶ —  (libdbus's types; the library is loaded at run time)
///     CEpoll               ─▶ —  (epoll and malloc_trim, which Glibc's module leaves out)
///     HeraldSystem         ─▶ CEpoll  (POSIX: spawning, lock files, wake pipes, signals, the event loop)
///     UserNotificationsValues ─▶ —  (Apple's option sets, enums and UNError; re-exported)
///     HeraldCore           ─▶ UserNotificationsValues  (Foundation only: the center)
///     CoreLocation         ─▶ —
///     TerminalKit          ─▶ —  (cells, buffer, diff, width, the sanitising gate)
///     HeraldStore          ─▶ HeraldCore, CSQLite
///     HeraldWire           ─▶ HeraldCore, HeraldSystem
///     HeraldClient         ─▶ HeraldWire, HeraldCore, HeraldSystem
///     HeraldDaemon         ─▶ HeraldWire, HeraldCore, HeraldSystem
///     HeraldDBus           ─▶ HeraldCore, HeraldSystem, CDBus
///     CMosquitto           ─▶ —  (libmosquitto's types; the library is loaded at run time)
///     HeraldBroker         ─▶ HeraldCore, HeraldWire, HeraldSystem, CMosquitto
///     HeraldTmux           ─▶ HeraldCore, HeraldWire, HeraldSystem, TerminalKit  (banners and status options in tmux)
///     CCanberra            ─▶ —  (libcanberra's function shapes; the library is loaded at run time)
///     HeraldSound          ─▶ HeraldCore, HeraldSystem, CCanberra  (notification sounds through the sound server)
///     UserNotifications    ─▶ UserNotificationsValues, HeraldCore, HeraldClient, CoreLocation
///     UserNotificationsTesting ─▶ UserNotifications, HeraldCore, CoreLocation
///     HeraldDemo           ─▶ UserNotifications, CoreLocation, HeraldCore
///     HeraldPreview        ─▶ HeraldCore, TerminalKit, HeraldSystem, CImageCodecs
///     HeraldUI             ─▶ HeraldCore, TerminalKit, HeraldSystem, HeraldPreview
///     CursesBackend        ─▶ TerminalKit, CNCurses
///     herald               ─▶ HeraldCore, HeraldStore, HeraldUI, CursesBackend, HeraldWire, HeraldClient,
///                             HeraldDaemon, HeraldDemo, UserNotifications, HeraldSystem, TerminalKit, HeraldDBus,
///                             HeraldBroker, HeraldTmux, HeraldSound
///     MosquittoHarness     ─▶ HeraldSystem  (support: a real mosquitto; tests and herald-bench only)
///     DBusHarness          ─▶ HeraldSystem, HeraldDBus, CDBus  (support: private buses, dunst, a client, a null server)
///     CursesHarness        ─▶ CursesBackend, TerminalKit, CNCurses  (support: ncurses' bytes per frame)
///     DaemonHarness        ─▶ HeraldClient, HeraldWire, HeraldSystem  (support: a launched `herald daemon`, waits off the pool)
///     herald-bench         ─▶ HeraldCore, HeraldStore, HeraldUI, HeraldWire, HeraldClient,
///                             HeraldSystem, TerminalKit, HeraldPreview, HeraldBroker, HeraldDBus,
///                             MosquittoHarness, DBusHarness, CursesHarness, DaemonHarness
///     herald-store-writer  ─▶ HeraldStore, HeraldCore
/// module-graph:end
let swiftSettings: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// RELR (`-z pack-relative-relocs`): the ~86,000 relative relocations of the position-independent
/// release `herald` packed into ~2,000 words instead of 2 MB of `.rela.dyn` read at every start
/// (~0.4–0.7 ms of CPU off a `herald --version`, `herald-bench`'s hello_ms). glibc applies them
/// from 2.36 (Debian 12); an older one refuses such a binary, so they are asked for only when the
/// glibc building it is new enough (the release binary runs where it was built: install.sh).
let packedRelocations: [String] = glibcAppliesPackedRelocations() ? ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] : []

func glibcAppliesPackedRelocations() -> Bool {
    #if canImport(Glibc)
    var version = [CChar](repeating: 0, count: 64)   // "glibc 2.36"
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &version, version.count) > 0 else { return false }
    let text = String(decoding: version.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let numbers = text.split(separator: " ").last?.split(separator: ".").compactMap { Int($0) } ?? []
    return numbers.count >= 2 && (numbers[0], numbers[1]) >= (2, 36)
    #else
    return false
    #endif
}

/// The C libraries the release `herald` names — SQLite, ncursesw with its tinfo, and the C++
/// library the static Swift runtime needs — are linked from their static archives too: naming
/// libsqlite3.so alone costs ~0.8 ms of CPU per start (the dynamic linker binds 1,500 of its own
/// symbols), libstdc++ ~0.7 ms, ncurses and tinfo ~0.2 ms. The modules' `link "sqlite3"` and
/// `link "ncursesw"` ask for `-lsqlite3` and `-lncursesw` before any flag here can turn on
/// `-Bstatic`, so `StaticArchives/<multiarch>/` (links to Debian's archives from libsqlite3-dev,
/// libncurses-dev and libstdc++-12-dev) is searched first: the linker takes an archive found
/// there and, where a link dangles (another layout, the -dev package missing), goes on to the
/// shared library as before. The price: a SQLite security update means rebuilding `herald`.
let staticCLibraries: [String] = staticCLibraryFlags()

func staticCLibraryFlags() -> [String] {
    #if canImport(Glibc) && (arch(x86_64) || arch(arm64))
    #if arch(x86_64)
    let directory = Context.packageDirectory + "/StaticArchives/x86_64-linux-gnu"
    #else
    let directory = Context.packageDirectory + "/StaticArchives/aarch64-linux-gnu"
    #endif
    func present(_ archive: String) -> Bool { access(directory + "/" + archive, R_OK) == 0 }
    // libncursesw.a leaves tinfo's symbols to libtinfo (the shared library names it itself).
    return ["-L" + directory] + (present("libncursesw.a") && present("libtinfo.a") ? ["-Xlinker", "-ltinfo"] : [])
    #else
    return []
    #endif
}

/// The release `herald` (what `scripts/install.sh` installs) carries the Swift runtime and
/// Foundation inside it: a `herald post` then starts in a few milliseconds instead of spending
/// ~10 ms loading and relocating the shared Swift libraries. (What `--static-swift-stdlib` does;
/// libdbus, libmosquitto and the image decoders are still loaded at run time with `dlopen`.)
/// `herald`'s own module is compiled against the static Foundation too, so its object files name
/// the libraries static Foundation needs (CoreFoundation, ICU); lld links it (gold warns about
/// `mktemp` inside the toolchain's static Foundation). It stays position-independent: a
/// fixed-address link (`-no-pie`) would save ~82,000 relocations, ~0.6–1 ms of a 4 ms
/// `herald --version`, but the daemon reads untrusted input (sockets, D-Bus, MQTT) and keeps
/// its address randomisation. Debug builds (`swift run`, `swift test`) link dynamically.
///
/// Start-up work the release `herald` leaves out (instructions counted by callgrind, which do not
/// move with the machine's load):
/// - `herald`'s own code asks for the metadata of concrete generic types (`[String: String?]`,
///   `Optional<ResponseRecord>`) through their accessors instead of by mangled name: a name is
///   demangled at its first use and each generic requirement in it (`String: Hashable`) looked
///   up by scanning every protocol conformance record in the binary (~6,800) — a third of the
///   instructions of a `herald post` (1.1 M of 3.3 M). Only for `herald`'s module: an unsafe
///   flag on the library targets would keep apps from depending on them.
/// - The symbols of Herald's modules are not exported (`--no-export-dynamic` comes after the
///   `-export-dynamic` the static Swift runtime's link asks for): the runtime calls `dladdr` at
///   start to find `swift-backtrace` beside it, and glibc's `dladdr` walks every exported
///   symbol — 11,000, a fifth of a `herald --version`'s instructions (0.33 M of 1.66 M). Crash
///   reports read the symbol table and debug information (the package keeps them in its .debug
///   file), not the dynamic symbols.
/// - libgcc is linked statically (`-static-libgcc`): libgcc_s's constructor asks the CPU for its
///   features (`cpuid`, a trap to the hypervisor in a virtual machine; ~7% of a
///   `herald --version`'s time in `perf`), and it is one library less to load.
let staticSwiftRuntimeCompile: [SwiftSetting] = [.unsafeFlags(["-static-stdlib", "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
                                                              .when(platforms: [.linux], configuration: .release))]
let staticSwiftRuntime: [LinkerSetting] = [.unsafeFlags(["-static-stdlib", "-use-ld=lld", "-Xclang-linker", "-static-libgcc",
                                                         "-Xlinker", "--no-export-dynamic"] + packedRelocations + staticCLibraries,
                                                        .when(platforms: [.linux], configuration: .release))]


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
        // libmosquitto's types and constants only; the functions are loaded at run time (no link).
        .systemLibrary(name: "CMosquitto", path: "Sources/CMosquitto"),
        // libcanberra's function shapes only; the library is loaded at run time (no link).
        .systemLibrary(name: "CCanberra", path: "Sources/CCanberra"),
        // epoll and malloc_trim: Linux calls Glibc's module leaves out (the daemon's event loop).
        .systemLibrary(name: "CEpoll", path: "Sources/CEpoll"),

        // Apple-shaped API.
        .target(name: "CoreLocation", swiftSettings: swiftSettings),
        // Apple's option sets, enums and UNError: re-exported by UserNotifications and HeraldCore.
        .target(name: "UserNotificationsValues", swiftSettings: swiftSettings),
        .target(name: "HeraldCore", dependencies: ["UserNotificationsValues"], swiftSettings: swiftSettings),
        .target(name: "UserNotifications",
                dependencies: ["UserNotificationsValues", "HeraldCore", "HeraldClient", "CoreLocation"],
                swiftSettings: swiftSettings),
        .target(name: "UserNotificationsTesting",
                dependencies: ["UserNotifications", "HeraldCore", "CoreLocation"], swiftSettings: swiftSettings),

        // The center's parts.
        .target(name: "HeraldStore", dependencies: ["HeraldCore", "CSQLite"], swiftSettings: swiftSettings),
        .target(name: "TerminalKit", swiftSettings: swiftSettings),
        .target(name: "HeraldPreview", dependencies: ["HeraldCore", "TerminalKit", "HeraldSystem", "CImageCodecs"],
                swiftSettings: swiftSettings),
        .target(name: "HeraldUI", dependencies: ["HeraldCore", "TerminalKit", "HeraldSystem", "HeraldPreview"],
                swiftSettings: swiftSettings),
        .target(name: "CursesBackend", dependencies: ["TerminalKit", "CNCurses"], swiftSettings: swiftSettings),
        // The socket: the wire format and transport, the client side (apps, CLI, UI), the daemon.
        .target(name: "HeraldWire", dependencies: ["HeraldCore", "HeraldSystem"], swiftSettings: swiftSettings),
        .target(name: "HeraldClient", dependencies: ["HeraldWire", "HeraldCore", "HeraldSystem"],
                swiftSettings: swiftSettings),
        .target(name: "HeraldDaemon", dependencies: ["HeraldWire", "HeraldCore", "HeraldSystem"],
                swiftSettings: swiftSettings),
        // Front door: MQTT to a broker (libmosquitto at run time).
        .target(name: "HeraldBroker", dependencies: ["HeraldCore", "HeraldWire", "HeraldSystem", "CMosquitto"],
                swiftSettings: swiftSettings),
        // POSIX plumbing: spawning processes, lock files, wake pipes, signals, the event loop.
        .target(name: "HeraldSystem", dependencies: ["CEpoll"], swiftSettings: swiftSettings),
        // Front door: org.freedesktop.Notifications on the session bus.
        .target(name: "HeraldDBus", dependencies: ["HeraldCore", "HeraldSystem", "CDBus"], swiftSettings: swiftSettings),
        // Way out: notification sounds through the user's sound server (libcanberra at run time).
        .target(name: "HeraldSound", dependencies: ["HeraldCore", "HeraldSystem", "CCanberra"], swiftSettings: swiftSettings),
        .target(name: "HeraldDemo", dependencies: ["UserNotifications", "CoreLocation", "HeraldCore"],
                swiftSettings: swiftSettings),
        // A way out: banners as tmux popups or message lines, and tmux user options for status lines.
        .target(name: "HeraldTmux", dependencies: ["HeraldCore", "HeraldWire", "HeraldSystem", "TerminalKit"],
                swiftSettings: swiftSettings),

        // Executables: argument parsing and wiring only.
        .executableTarget(name: "herald",
                          dependencies: ["HeraldCore", "HeraldStore", "HeraldUI", "CursesBackend", "HeraldWire",
                                         "HeraldClient", "HeraldDaemon", "HeraldDemo", "UserNotifications",
                                         "HeraldSystem", "TerminalKit", "HeraldBroker", "HeraldDBus", "HeraldTmux",
                                         "HeraldSound"],
                          swiftSettings: swiftSettings + staticSwiftRuntimeCompile, linkerSettings: staticSwiftRuntime),
        .executableTarget(name: "herald-bench",
                          dependencies: ["HeraldCore", "HeraldStore", "HeraldUI", "HeraldWire",
                                         "HeraldClient", "HeraldSystem", "TerminalKit", "HeraldPreview", "HeraldBroker",
                                         "MosquittoHarness", "HeraldDBus", "DBusHarness", "CursesHarness", "DaemonHarness"],
                          swiftSettings: swiftSettings),

        // Support for the tests and herald-bench only (no product links them): real servers to
        // measure and test against, and meters that look inside a product module through its
        // `package` declarations.
        // A real mosquitto on a free loopback port, for the broker tests and herald-bench.
        .target(name: "MosquittoHarness", dependencies: ["HeraldSystem"], path: "Sources/Harness/MosquittoHarness",
                swiftSettings: swiftSettings),
        // Private dbus-daemons that start no services, dunst under Xvfb, a blocking client of
        // org.freedesktop.Notifications and a null server (the floor under every server).
        .target(name: "DBusHarness", dependencies: ["HeraldSystem", "HeraldDBus", "CDBus"], path: "Sources/Harness/DBusHarness",
                swiftSettings: swiftSettings),
        // The bytes ncurses writes for a frame (CursesBackend drawing into a file).
        .target(name: "CursesHarness", dependencies: ["CursesBackend", "TerminalKit", "CNCurses"],
                path: "Sources/Harness/CursesHarness", swiftSettings: swiftSettings),
        // A real `herald daemon` launched on a home, ready when it answers a hello with its pid,
        // stopped and reaped off the cooperative pool (`offThePool`, the tests' too).
        .target(name: "DaemonHarness", dependencies: ["HeraldClient", "HeraldWire", "HeraldSystem"],
                path: "Sources/Harness/DaemonHarness", swiftSettings: swiftSettings),

        // Tests mirror the sources.
        .target(name: "TestSupport", dependencies: ["HeraldCore", "HeraldSystem", "HeraldWire", "HeraldClient", "MosquittoHarness",
                                                  "DBusHarness", "DaemonHarness"],
                path: "Tests/TestSupport", swiftSettings: swiftSettings),
        .testTarget(name: "HeraldCoreTests", dependencies: ["HeraldCore", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "UserNotificationsTests",
                    dependencies: ["UserNotifications", "UserNotificationsTesting", "CoreLocation", "HeraldCore", "TestSupport"],
                    swiftSettings: swiftSettings),
        // App code importing only UserNotifications, built in both language modes (the Swift 5
        // target links the same files), every warning an error: what compiles cleanly against
        // Apple's SDK must compile cleanly here.
        .testTarget(name: "AppCodeTests", dependencies: ["UserNotifications", "UserNotificationsTesting"],
                    swiftSettings: [.swiftLanguageMode(.v6), .unsafeFlags(["-warnings-as-errors"])]),
        .testTarget(name: "AppCodeSwift5Tests", dependencies: ["UserNotifications", "UserNotificationsTesting"],
                    swiftSettings: [.swiftLanguageMode(.v5), .unsafeFlags(["-warnings-as-errors"])]),
        .testTarget(name: "DelegateShapesTests",
                    dependencies: ["UserNotifications", "UserNotificationsTesting"], swiftSettings: swiftSettings),
        .testTarget(name: "HeraldStoreTests", dependencies: ["HeraldStore", "HeraldCore", "TestSupport"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit"], swiftSettings: swiftSettings),
        .testTarget(name: "HeraldUITests",
                    dependencies: ["HeraldUI", "HeraldCore", "TestSupport", "TerminalKit", "HeraldPreview"],
                    exclude: ["Snapshots"], swiftSettings: swiftSettings),
        .testTarget(name: "HeraldPreviewTests", dependencies: ["HeraldPreview", "HeraldCore", "TerminalKit", "TestSupport"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "CursesBackendTests", dependencies: ["CursesBackend", "CursesHarness", "TerminalKit", "HeraldUI"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "EndToEndTests", dependencies: ["HeraldCore", "HeraldStore", "HeraldWire", "HeraldPreview", "TestSupport"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "HeraldBrokerTests", dependencies: ["HeraldBroker", "HeraldCore", "HeraldWire", "HeraldDaemon", "HeraldStore", "TestSupport"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "HeraldDBusTests", dependencies: ["HeraldDBus", "HeraldCore", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "HeraldSoundTests", dependencies: ["HeraldSound", "HeraldCore", "TestSupport"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "HeraldTmuxTests", dependencies: ["HeraldTmux", "HeraldCore", "HeraldWire", "TerminalKit", "TestSupport"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "HeraldWireTests", dependencies: ["HeraldWire", "HeraldCore", "HeraldStore", "TestSupport"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "HeraldClientTests", dependencies: ["HeraldClient", "HeraldWire", "HeraldSystem", "HeraldCore", "TestSupport"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "HeraldDaemonTests",
                    dependencies: ["HeraldDaemon", "HeraldClient", "HeraldWire", "HeraldCore", "TestSupport",
                                   "HeraldSystem"],
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
// (HeraldDaemonTests runs it against `herald daemon`).
package.targets.append(
    .executableTarget(name: "remote-app-example", dependencies: ["UserNotifications"],
                      path: "Examples/RemoteApp", swiftSettings: swiftSettings)
)
package.products += [.executable(name: "remote-app-example", targets: ["remote-app-example"])]
// App code that stores a userInfo of every property-list type in the daemon and reads it back
// (HeraldDaemonTests restarts the daemon in between).
package.targets.append(
    .executableTarget(name: "userinfo-probe", dependencies: ["UserNotifications"], path: "Tests/UserInfoProbe",
                      swiftSettings: swiftSettings)
)
// The child process of HeraldStoreTests' kill -9 test: writes to a store and prints every id the
// store acknowledged. `swift build` and `swift test` build it next to the test bundle.
package.targets.append(
    .executableTarget(name: "herald-store-writer", dependencies: ["HeraldStore", "HeraldCore"],
                      swiftSettings: swiftSettings)
)
