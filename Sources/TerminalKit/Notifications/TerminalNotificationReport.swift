/// What a terminal sends back about an OSC 99 notification (kitty): the user clicked it
/// (`button` 0) or one of its buttons (1, 2, …). It arrives on the terminal's input as
/// `ESC ] 99 ; i=ID ; N ESC \` (or ended by BEL); `Scanner` finds them among other input.
///
/// ```swift
/// var scanner = TerminalNotificationReport.Scanner()
/// scanner.feed(Array("\u{1B}]99;i=herald-7;2\u{1B}\\".utf8))   // [Report(identifier: "herald-7", button: 2)]
/// ```
public struct TerminalNotificationReport: Sendable, Hashable {
    public var identifier: String
    /// 0: the notification itself; N: its Nth button.
    public var button: Int

    public init(identifier: String, button: Int) {
        self.identifier = identifier
        self.button = button
    }

    /// Reads the terminal's input a chunk at a time and returns the activation reports in it;
    /// everything else (keys, other replies, close reports) is passed over. A sequence split
    /// across chunks is kept until its end comes (at most `limit` bytes).
    public struct Scanner: Sendable {
        private var pending: [UInt8] = []
        /// The longest sequence kept while waiting for its end.
        public static let limit = 4096

        public init() {}

        public mutating func feed(_ bytes: [UInt8]) -> [TerminalNotificationReport] {
            pending += bytes
            var reports: [TerminalNotificationReport] = []
            let prefix = Array("\u{1B}]99;".utf8)
            while true {
                guard let start = Self.find(prefix, in: pending) else {
                    // Keep a partial prefix at the end (an ESC, `ESC ]`, …).
                    let keep = (1..<prefix.count).reversed().first { pending.suffix($0).elementsEqual(prefix.prefix($0)) } ?? 0
                    pending = Array(pending.suffix(keep))
                    return reports
                }
                let body = start + prefix.count
                guard let (end, next) = Self.terminator(in: pending, from: body) else {
                    pending = Array(pending[start...])
                    if pending.count > Self.limit { pending.removeAll() }
                    return reports
                }
                if let report = Self.report(Array(pending[body..<end])) { reports.append(report) }
                pending = Array(pending[next...])
            }
        }

        /// `i=ID[:p=…];PAYLOAD` → a report when it is an activation (no `p`, or an empty one).
        static func report(_ bytes: [UInt8]) -> TerminalNotificationReport? {
            let text = String(decoding: bytes, as: UTF8.self)
            guard let semicolon = text.firstIndex(of: ";") else { return nil }
            var identifier: String?
            for pair in text[..<semicolon].split(separator: ":") {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { continue }
                if parts[0] == "i" { identifier = parts[1] }
                if parts[0] == "p" && !parts[1].isEmpty { return nil }   // close, alive, ?: not a click
            }
            let payload = text[text.index(after: semicolon)...]
            guard let identifier, let button = payload.isEmpty ? 0 : Int(payload), button >= 0 else { return nil }
            return TerminalNotificationReport(identifier: identifier, button: button)
        }

        static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
            guard haystack.count >= needle.count else { return nil }
            return (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
        }

        /// Where the sequence ends (BEL, or ESC \) and where the input after it begins.
        static func terminator(in bytes: [UInt8], from start: Int) -> (end: Int, next: Int)? {
            var index = start
            while index < bytes.count {
                if bytes[index] == 0x07 { return (index, index + 1) }
                if bytes[index] == 0x1B {
                    guard index + 1 < bytes.count else { return nil }
                    return (index, bytes[index + 1] == 0x5C ? index + 2 : index + 1)
                }
                index += 1
            }
            return nil
        }
    }
}
