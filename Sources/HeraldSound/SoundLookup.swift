import Foundation
import HeraldCore

/// Where a notification's sound is looked for, in order: the app's sound folder
/// (`$XDG_DATA_HOME/herald/sounds/BUNDLE/NAME`, as Apple looks in the app's `Library/Sounds`),
/// then the XDG sound theme (the name without its extension as the event sound: `bell`,
/// `complete`, `message-new-email`), then a desktop notification's `sound-file`; when none of
/// them plays, the default sound — as Apple plays the default sound for a name it cannot find.
///
/// The default sound is the theme's `message-new-instant`; a critical one's is
/// `dialog-warning`, a ringtone's `phone-incoming-call`.
///
/// ```swift
/// let lookup = SoundLookup(environment: ProcessInfo.processInfo.environment)
/// lookup.sources(for: SoundRecord(name: "chime.wav"), bundleIdentifier: "com.example.tea")
/// // [.file("~/.local/share/herald/sounds/com.example.tea/chime.wav"), .themeEvent("chime")]
/// ```
struct SoundLookup: Sendable {
    /// Where a sound may come from.
    enum Source: Sendable, Hashable, CustomStringConvertible {
        /// A file, opened with `SoundFileOpener`.
        case file(String)
        /// An event sound of the XDG sound theme, found by libcanberra.
        case themeEvent(String)

        var description: String {
            switch self {
            case .file(let path): return path
            case .themeEvent(let name): return "the sound theme's \(name)"
            }
        }
    }

    /// The apps' sound folders live here, one per bundle identifier.
    let soundsDirectory: String

    init(soundsDirectory: String) {
        self.soundsDirectory = soundsDirectory
    }

    /// `$XDG_DATA_HOME/herald/sounds` (an absolute `XDG_DATA_HOME` only), else
    /// `~/.local/share/herald/sounds`.
    init(environment: [String: String]) {
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        self.init(soundsDirectory: data + "/herald/sounds")
    }

    /// Extensions tried after a name given without one (what libcanberra can decode).
    static let extensions = ["oga", "ogg", "wav"]

    /// What to try for `sound` of `bundleIdentifier`, in order (empty for the default sound).
    func sources(for sound: SoundRecord, bundleIdentifier: String) -> [Source] {
        var sources: [Source] = []
        if let name = sound.name, Self.isFileName(name) {
            if Self.isFileName(bundleIdentifier) {
                let folder = soundsDirectory + "/" + bundleIdentifier + "/"
                sources.append(.file(folder + name))
                if !name.contains(".") { sources += Self.extensions.map { .file(folder + name + "." + $0) } }
            }
            let event = name.contains(".") ? String(name[..<name.lastIndex(of: ".")!]) : name
            if Self.isEventName(event) { sources.append(.themeEvent(event)) }
        }
        if let file = sound.file, let path = Self.path(of: file) { sources.append(.file(path)) }
        return sources
    }

    /// The theme's default sound for `sound`'s kind.
    static func defaultEvent(for sound: SoundRecord) -> String {
        if sound.isRingtone { return "phone-incoming-call" }
        return sound.isCritical ? "dialog-warning" : "message-new-instant"
    }

    /// A single path component: not empty, not `.` or `..`, no `/`, no control characters.
    static func isFileName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && name.utf8.count <= 255
            && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// A sound theme event name: letters, digits, `-`, `_` and `.` (not first).
    static func isEventName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && name.utf8.count <= 255
            && name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)) }
    }

    /// An absolute path, or a `file://` URI's path; `nil` for anything else.
    static func path(of file: String) -> String? {
        if file.hasPrefix("/") { return file }
        guard file.hasPrefix("file://"), let url = URL(string: file), url.isFileURL, !url.path.isEmpty else { return nil }
        return url.path
    }
}
