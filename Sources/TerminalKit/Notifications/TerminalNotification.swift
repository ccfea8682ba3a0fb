import Foundation

/// A desktop notification asked of the terminal emulator itself by an escape sequence — what
/// shows a server's notification on a laptop's desktop through `ssh`. Three sequences exist:
///
/// | `Kind` | Sequence | Terminals |
/// |---|---|---|
/// | `.osc777` | `ESC ] 777 ; notify ; TITLE ; BODY BEL` | foot, WezTerm, Ghostty, urxvt, Fedora's VTE |
/// | `.osc9` | `ESC ] 9 ; MESSAGE BEL` | iTerm2, WezTerm, Windows Terminal, kitty, Ghostty |
/// | `.osc99` | `ESC ] 99 ; i=ID:d=0:p=title:e=1 ; BASE64 ESC \` … | kitty (clicks come back: `TerminalNotificationReport`) |
///
/// Every piece of text passes `TerminalText.sanitize` first, so no escape sequence, BEL, ST or
/// other control character from a notification reaches the sequence; in OSC 777 and OSC 9 a
/// `;` (their field separator, and ConEmu's `9;N` commands) becomes `,`; OSC 99 carries its
/// text in base64. Text is cut to `titleBytes` and `bodyBytes` of UTF-8 (OSC 99 allows 2048
/// per payload).
///
/// ```swift
/// let note = TerminalNotification(identifier: "herald-7", title: "Build failed", body: "3 tests")
/// note.sequence(.osc777)   // "\u{1B}]777;notify;Build failed;3 tests\u{07}"
/// ```
public struct TerminalNotification: Sendable, Hashable {
    /// Which escape sequence a terminal understands.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case osc777 = "777"
        case osc9 = "9"
        case osc99 = "99"
    }

    /// How urgent (OSC 99's `u`: 0 low, 1 normal, 2 critical).
    public enum Urgency: Int, Sendable, Hashable {
        case low = 0, normal, critical
    }

    /// OSC 99's identifier (`[a-zA-Z0-9-_+.]`; other characters are dropped): what a click
    /// reports and what `closeSequence` names.
    public var identifier: String
    public var title: String
    public var body: String
    public var urgency: Urgency
    /// Button labels (OSC 99, where the terminal draws buttons); a click on button N reports N.
    public var buttons: [String]

    /// The most a title keeps, in bytes of UTF-8.
    public static let titleBytes = 256
    /// The most a body keeps, in bytes of UTF-8 (under OSC 99's 2048 per payload).
    public static let bodyBytes = 2000

    public init(identifier: String, title: String, body: String, urgency: Urgency = .normal, buttons: [String] = []) {
        self.identifier = identifier
        self.title = title
        self.body = body
        self.urgency = urgency
        self.buttons = buttons
    }

    /// The escape sequence(s) that show it.
    public func sequence(_ kind: Kind) -> String {
        let title = Self.cut(TerminalText.sanitize(self.title), bytes: Self.titleBytes)
        switch kind {
        case .osc777:
            let body = Self.cut(TerminalText.sanitize(self.body), bytes: Self.bodyBytes)
            return "\u{1B}]777;notify;\(Self.field(title));\(Self.field(body))\u{07}"
        case .osc9:
            let body = Self.cut(TerminalText.sanitize(self.body), bytes: Self.bodyBytes)
            let message = body.isEmpty ? title : title.isEmpty ? body : "\(title): \(body)"
            return "\u{1B}]9;\(Self.field(message))\u{07}"
        case .osc99:
            let body = Self.cut(TerminalText.sanitize(self.body, keepingNewlines: true), bytes: Self.bodyBytes)
            let id = Self.safeIdentifier(identifier)
            var text = "\u{1B}]99;i=\(id):d=0:u=\(urgency.rawValue):a=focus,report:p=title:e=1;\(Self.base64(title))\u{1B}\\"
            let labels = buttons.map { Self.cut(TerminalText.sanitize($0), bytes: 64) }.filter { !$0.isEmpty }
            if !labels.isEmpty {
                text += "\u{1B}]99;i=\(id):d=0:p=buttons:e=1;\(Self.base64(labels.joined(separator: "\u{2028}")))\u{1B}\\"
            }
            return text + "\u{1B}]99;i=\(id):d=1:p=body:e=1;\(Self.base64(body))\u{1B}\\"
        }
    }

    /// The sequence that takes notification `identifier` away again (OSC 99; the others cannot).
    public static func closeSequence(identifier: String, kind: Kind) -> String? {
        guard kind == .osc99 else { return nil }
        return "\u{1B}]99;i=\(safeIdentifier(identifier)):p=close;\u{1B}\\"
    }

    /// A sequence wrapped for tmux's passthrough (`ESC P tmux; … ESC \`, every ESC inside
    /// doubled), which tmux hands to the terminal it runs in when `allow-passthrough` is on.
    public static func tmuxPassthrough(_ sequence: String) -> String {
        "\u{1B}Ptmux;" + sequence.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\"
    }

    /// Text for a `;`-separated field.
    static func field(_ text: String) -> String {
        text.replacingOccurrences(of: ";", with: ",")
    }

    /// OSC 99's identifier characters.
    static func safeIdentifier(_ identifier: String) -> String {
        let kept = identifier.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_+.".unicodeScalars.contains($0)) }
        return kept.isEmpty ? "0" : String(String.UnicodeScalarView(kept))
    }

    static func base64(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
    }

    /// `text` cut to at most `bytes` of UTF-8 at a character boundary, ending in "…" when cut.
    static func cut(_ text: String, bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        var kept = ""
        var used = 3   // the ellipsis
        for character in text {
            let size = character.utf8.count
            if used + size > bytes { break }
            kept.append(character)
            used += size
        }
        return kept + "…"
    }
}
