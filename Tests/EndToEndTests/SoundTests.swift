import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

extension EndToEnd {
/// Sounds through a real PulseAudio server with a null sink, played by the real daemon with
/// libcanberra: the default sound, a sound from the app's folder, a sound of the XDG theme, the
/// D-Bus hints — and silence where the post, the app's settings, do-not-disturb or the level
/// say so. The server's log names every stream it played.
@Suite(.enabled(if: PulseAudioServer.isInstalled, "needs pulseaudio, pulseaudio-utils, libcanberra0 and libcanberra-pulse"))
struct SoundTests {
    static let app = "com.example.tea"

    /// A data directory whose sound folder for `app` holds chime.wav (a quarter second of tone).
    static func dataDirectory() throws -> TemporaryDirectory {
        let data = try TemporaryDirectory("herald-sound-data")
        let folder = data.path + "/herald/sounds/" + app
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try wave(seconds: 0.25).write(to: URL(fileURLWithPath: folder + "/chime.wav"))
        return data
    }

    /// A mono 16-bit 8 kHz WAV file of a tone.
    static func wave(seconds: Double) -> Data {
        let samples = (0..<Int(8000 * seconds)).map { Int16(8000 * sin(Double($0) * 0.3)) }
        func le32(_ value: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(value).littleEndian, Array.init) }
        func le16(_ value: Int) -> [UInt8] { withUnsafeBytes(of: UInt16(value).littleEndian, Array.init) }
        var bytes = Array("RIFF".utf8) + le32(36 + samples.count * 2) + Array("WAVEfmt ".utf8)
        bytes += le32(16) + le16(1) + le16(1) + le32(8000) + le32(16000) + le16(2) + le16(16)
        bytes += Array("data".utf8) + le32(samples.count * 2)
        for sample in samples { bytes += withUnsafeBytes(of: sample.littleEndian, Array.init) }
        return Data(bytes)
    }

    /// A daemon's environment for playing through `pulse` with `data` as its XDG data directory.
    static func environment(_ pulse: PulseAudioServer, _ data: TemporaryDirectory) -> [String: String] {
        pulse.environment.merging(["XDG_DATA_HOME": data.path, "HERALD_SOUND": "auto"]) { $1 }
    }

    /// Runs `body` with a sound server, a data directory (`dataDirectory`) and a center whose
    /// daemon plays through that server; stops and removes them all afterwards.
    static func withCenter(_ body: (PulseAudioServer, IsolatedCenter) async throws -> Void) async throws {
        let pulse = try await PulseAudioServer()
        defer { pulse.stop() }
        let data = try dataDirectory()
        defer { data.remove() }
        let center = try IsolatedCenter()
        defer { center.close() }
        let daemon = try await center.startDaemon(log: "daemon.log", extra: environment(pulse, data))
        defer { daemon.stopInBackground(removingHome: false) }
        try await body(pulse, center)
    }

    static func post(_ center: IsolatedCenter, _ arguments: [String]) async throws {
        let result = try await center.run(["post", "--new-app", app] + arguments, extra: ["HERALD_NO_SPAWN": "1"])
        #expect(result.status == 0, "herald post \(arguments): \(result.stderr)")
    }

    @Test func theDefaultANamedAndAThemeSoundPlay() async throws {
        try await Self.withCenter { pulse, center in
            try await Self.post(center, ["--title", "Default"])
            #expect(try await pulse.waitForStreams(1) == ["message-new-instant"])
            try await Self.post(center, ["--title", "From the app's folder", "--sound", "chime.wav"])
            #expect(try await pulse.waitForStreams(2).last == "chime.wav")
            try await Self.post(center, ["--title", "From the theme", "--sound", "complete.caf"])
            #expect(try await pulse.waitForStreams(3).last == "complete")
            try await Self.post(center, ["--title", "Not there", "--sound", "nowhere.caf"])
            #expect(try await pulse.waitForStreams(4).last == "message-new-instant")   // Apple plays the default then
            try await center.waitUntil("the log line about the missing sound") { center.text("daemon.log").contains("nowhere.caf") }
            let log = center.text("daemon.log")
            #expect(log.contains("sound: through unix:\(pulse.socketPath) (libcanberra)"), "\(log)")
            #expect(log.contains("sound \"nowhere.caf\" of \(Self.app) not found ("), "\(log)")
            #expect(log.contains("the default sound played"))
        }
    }

    /// `--sound none`, the app's sounds off, do-not-disturb and a passive level silence the
    /// sound; a critical one breaks through do-not-disturb, with the default critical sound
    /// when it has none of its own. Sounds play in order, so once the
    /// last one has played the server has seen every one before it.
    @Test func settingsSilenceTheSound() async throws {
        try await Self.withCenter { pulse, center in
            func herald(_ arguments: [String]) async throws {
                let result = try await center.run(arguments, extra: ["HERALD_NO_SPAWN": "1"])
                #expect(result.status == 0, "herald \(arguments): \(result.stderr)")
            }

            try await Self.post(center, ["--title", "No sound asked", "--sound", "none"])
            try await herald(["app", Self.app, "--sounds", "off"])
            try await Self.post(center, ["--title", "Sounds off", "--sound", "bell"])
            try await herald(["app", Self.app, "--sounds", "on"])
            try await Self.post(center, ["--title", "Passive", "--sound", "bell", "--level", "passive"])
            try await herald(["dnd", "on"])
            try await Self.post(center, ["--title", "During do-not-disturb", "--sound", "bell"])
            try await Self.post(center, ["--title", "Critical", "--sound", "complete", "--level", "critical"])
            // Breaking through without a sound of its own: the default critical sound.
            try await Self.post(center, ["--title", "Critical, no sound", "--sound", "none", "--level", "critical"])
            try await herald(["dnd", "off"])
            try await Self.post(center, ["--title", "Last", "--sound", "chime.wav"])
            #expect(try await pulse.waitForStreams(3) == ["complete", "dialog-warning", "chime.wav"])
            #expect(try await center.historyTitles().count == 8)
        }
    }

    /// notify-send's sound hints: `sound-file` (a FIFO is never opened: the default plays),
    /// `sound-name`, `suppress-sound`, and low urgency's quiet; `sound` is a capability.
    @Test(.requiring(DesktopSession.programs)) func desktopSoundHintsPlay() async throws {
        let pulse = try await PulseAudioServer()
        defer { pulse.stop() }
        let data = try Self.dataDirectory()
        defer { data.remove() }
        let desktop = try await DesktopSession.start(
            daemonEnvironment: Self.environment(pulse, data))
        defer { desktop.close() }
        let caps = try await desktop.call("GetCapabilities", [])
        #expect(caps.stdout.contains("'sound'"), "\(caps.stdout)")

        let file = data.path + "/herald/sounds/\(Self.app)/chime.wav"
        let fifo = data.path + "/pipe.wav"
        #expect(mkfifo(fifo, 0o600) == 0)
        _ = try await desktop.notifySend(["-h", "string:sound-file:\(file)", "A file"])
        #expect(try await pulse.waitForStreams(1) == ["chime.wav"])
        _ = try await desktop.notifySend(["-h", "string:sound-name:complete", "A theme sound"])
        #expect(try await pulse.waitForStreams(2).last == "complete")
        _ = try await desktop.notifySend(["-h", "string:sound-file:\(fifo)", "A pipe"])
        #expect(try await pulse.waitForStreams(3).last == "message-new-instant")
        _ = try await desktop.notifySend(["-h", "string:sound-name:bell", "-h", "boolean:suppress-sound:true", "Suppressed"])
        _ = try await desktop.notifySend(["-u", "low", "-h", "string:sound-name:bell", "Low"])
        _ = try await desktop.notifySend(["-h", "string:sound-name:dialog-information", "Last"])
        #expect(try await pulse.waitForStreams(4) == ["chime.wav", "complete", "message-new-instant", "dialog-information"])
        #expect(desktop.center.daemonLog.contains("\(fifo) is a named pipe (FIFO), not a sound file"), "\(desktop.center.daemonLog)")
    }
}
}
