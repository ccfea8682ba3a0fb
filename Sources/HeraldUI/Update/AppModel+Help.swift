import TerminalKit
/// The help overlay's keys: on a screen too small for all of it, `j` `k` (and the arrows,
/// `Space`, `PgUp` `PgDn`) scroll it; any other key closes it.
extension AppModel {
    /// The help overlay as this model shows it.
    func helpOverlay(scroll: Int) -> HelpOverlay {
        HelpOverlay(extraCommands: config.extraCommandHelp, theme: theme, scroll: scroll)
    }

    mutating func handleHelpKey(_ key: Key, scroll: Int) -> [Effect] {
        let help = helpOverlay(scroll: scroll).placement(in: Layout(self).screen)
        let page = max(1, help.visibleLines - 1)
        let step: Int
        switch key {
        case .char("j"), .down: step = 1
        case .char("k"), .up: step = -1
        case .char(" "), .pageDown: step = page
        case .pageUp: step = -page
        default:
            overlay = nil
            return []
        }
        guard help.isClipped else {
            overlay = nil
            return []
        }
        overlay = .help(scroll: min(max(0, scroll + step), help.maxScroll))
        return []
    }
}
