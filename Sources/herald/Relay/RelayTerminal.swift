import Foundation
import HeraldSystem
import TerminalKit

/// Where `herald relay` writes: which notification sequence the terminal takes, and whether it
/// goes through tmux (wrapped for its passthrough, which tmux only passes on with
/// `allow-passthrough` on).
struct RelayTerminal: Sendable, Hashable {
    var kind: TerminalNotification.Kind
    var throughTmux: Bool
    /// tmux's `allow-passthrough` for this pane (`on`, `all`, `off`; `1` or `0` before tmux
    /// 3.4), when tmux said.
    var tmuxPassthrough: String?

    /// The terminal the relay runs in: `chosen` (`--osc`, the file's `[relay] osc`) or a guess.
    static func current(chosen: TerminalNotification.Kind?,
                        environment: [String: String] = ProcessInfo.processInfo.environment) -> RelayTerminal {
        let inTmux = environment["TMUX"].map { !$0.isEmpty } ?? false
        let tmux = inTmux ? askTmux() : nil
        let kind = chosen ?? TerminalNotification.Kind.detect(environment: environment, tmuxClient: tmux?.client)
        return RelayTerminal(kind: kind, throughTmux: inTmux, tmuxPassthrough: tmux?.passthrough)
    }

    /// The sequence as written to this terminal.
    func wrap(_ sequence: String) -> String {
        throughTmux ? TerminalNotification.tmuxPassthrough(sequence) : sequence
    }

    /// "OSC 99 through tmux", for the relay's first line.
    var name: String {
        "OSC \(kind.rawValue)" + (throughTmux ? " through tmux" : "")
    }

    /// What tmux says of its client terminal and of passthrough (tmux 3.2 and later).
    private static func askTmux() -> (client: String, passthrough: String?)? {
        guard let result = try? ProcessRunner.runSeparately(
            "/usr/bin/env", ["tmux", "display-message", "-p", "#{client_termtype}\t#{client_termname}\t#{allow-passthrough}"]),
            result.status == 0 else { return nil }
        let fields = result.stdout.trimmingCharacters(in: .newlines).components(separatedBy: "\t")
        guard fields.count == 3 else { return nil }
        return (fields[0].isEmpty ? fields[1] : fields[0], fields[2].isEmpty ? nil : fields[2])
    }
}
