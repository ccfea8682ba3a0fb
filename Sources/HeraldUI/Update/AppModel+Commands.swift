import Foundation
import HeraldCore

extension AppModel {
    /// The `:` commands the UI handles itself; anything else goes to the host (`Effect.runCommand`).
    public static let builtInCommands: [(String, String)] = [
        ("lock", "lock: previews follow Show Previews"),
        ("unlock", "unlock"),
        ("dnd on|off", "do not disturb"),
        ("focus on|off", "Focus: on NAME [for 1h | until 14:00]; alone: screen"),
        ("mute / unmute", "the terminal bell"),
        ("log on|off", "show or hide the log pane"),
        ("help", "this help"),
        ("quit", "leave Herald"),
    ]

    mutating func runCommand(_ line: String) -> [Effect] {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let name = words.first?.lowercased() else { return [] }
        let argument = words.dropFirst().first?.lowercased()
        switch name {
        case "lock":
            isLocked = true
            setStatus("Locked — previews follow each app's Show Previews setting")
        case "unlock":
            isLocked = false
            setStatus("Unlocked")
        case "dnd":
            let isOn: Bool
            switch argument {
            case "on"?, "1"?, "true"?: isOn = true
            case "off"?, "0"?, "false"?: isOn = false
            case nil, "toggle"?: isOn = !doNotDisturb
            default:
                setStatus("Usage: dnd on|off", isError: true)
                return []
            }
            // Shown once the center confirms (`EffectRunner` reports it), never before.
            setStatus("Do not disturb: asking the center…")
            return [.setDoNotDisturb(isOn)]
        case "focus":
            return runFocusCommand(Array(words.dropFirst()))
        case "mute":
            isMuted = true
            setStatus("Bell muted")
        case "unmute":
            isMuted = false
            setStatus("Bell on")
        case "log":
            showLog = argument.map { $0 == "on" || $0 == "show" } ?? !showLog
        case "help", "h", "?":
            overlay = .help(scroll: 0)
        case "quit", "q", "exit":
            quitRequested = true
            return [.quit]
        default:
            return [.runCommand(line.trimmingCharacters(in: .whitespaces))]
        }
        return []
    }
}
