import Foundation
import HeraldCore
import TerminalKit

/// Focus in the UI: the header text, `:focus …`, the Focus screen, and the held list a summary
/// opens.
extension AppModel {
    /// A calendar in the UI's time zone (for "until 14:00").
    var focusCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = config.timeZone
        return calendar
    }

    /// "Work until 14:00" while a Focus is on.
    var focusHeaderText: String? {
        activeFocus.map { "\($0.name) \($0.endText(now: now, calendar: focusCalendar))" }
    }

    mutating func focusLoaded(_ overview: FocusOverview) {
        focusOverview = overview
        activeFocus = overview.active
        doNotDisturb = overview.active != nil
        if case .focus(var state)? = overlay {
            state.selectedRow = min(state.selectedRow, max(0, overview.modes.count - 1))
            overlay = .focus(state)
        }
    }

    /// `:focus` (the screen), `:focus on NAME [for 1h | until 14:00 | until tomorrow]`, `:focus off`.
    mutating func runFocusCommand(_ words: [String]) -> [Effect] {
        guard let verb = words.first?.lowercased() else { return openFocusScreen() }
        switch verb {
        case "off":
            setStatus("Focus off")
            return [.changeFocus(.turnOff)]
        case "on":
            let rest = Array(words.dropFirst())
            let split = rest.firstIndex { ["for", "until"].contains($0.lowercased()) } ?? rest.endIndex
            let name = rest[..<split].joined(separator: " ")
            guard !name.isEmpty else {
                setStatus("Usage: focus on NAME [for 1h | until 14:00 | until tomorrow]", isError: true)
                return []
            }
            do {
                let end = try FocusEnd(parsing: Array(rest[split...]))
                setStatus("Focus: \(TerminalText.sanitize(name)) on")
                return [.changeFocus(.turnOn(name: name, end: end))]
            } catch {
                setStatus("focus: \(error)", isError: true)
                return []
            }
        default:
            setStatus("Usage: focus [on NAME [for 1h | until 14:00] | off]", isError: true)
            return []
        }
    }

    mutating func openFocusScreen() -> [Effect] {
        overlay = .focus(FocusScreenState())
        return [.loadFocus]
    }

    /// ↑↓ choose a mode; Enter turns it on (until turned off) or, when it is on, off.
    mutating func handleFocusScreenKey(_ key: Key, _ state: FocusScreenState) -> [Effect] {
        var state = state
        let modes = focusOverview?.modes ?? []
        switch key {
        case .escape, .char("q"):
            overlay = nil
            return []
        case .char("j"), .down, .tab:
            state.selectedRow = min(max(0, modes.count - 1), state.selectedRow + 1)
        case .char("k"), .up, .backTab:
            state.selectedRow = max(0, state.selectedRow - 1)
        case .enter, .char(" "):
            overlay = .focus(state)
            guard state.selectedRow < modes.count else { return [] }
            let mode = modes[state.selectedRow]
            if activeFocus.map({ mode.isNamed($0.name) }) == true {
                setStatus("Focus off")
                return [.changeFocus(.turnOff)]
            }
            setStatus("Focus: \(TerminalText.sanitize(mode.name)) on")
            return [.changeFocus(.turnOn(name: mode.name, end: .untilTurnedOff))]
        default:
            break
        }
        overlay = .focus(state)
        return []
    }

    func focusPanel(_ state: FocusScreenState) -> FocusPanel {
        FocusPanel(overview: focusOverview, activeText: focusHeaderText, selectedRow: state.selectedRow, theme: theme)
    }

    /// Enter on a summary notification: the list shows the notifications it lists.
    mutating func openHeldList(_ record: DeliveredRecord) -> [Effect]? {
        guard let ids = FocusSummary.deliveryIDs(in: shownRecord(record).content) else { return nil }
        setReadLocally(record.deliveryID)
        if let item = banner.shown.first(where: { $0.deliveryID == record.deliveryID }) { closeBanner(id: item.id) }
        heldFilter = HeldFilter(title: "\(TerminalText.sanitize(record.content.title)) — \(ids.count) held",
                                deliveryIDs: ids)
        selectedApp = nil
        sidebarSelection = 0
        searchText = nil
        historyOffset = 0
        activePane = .list
        return [.markRead([record.deliveryID]), .loadHistory(historyQuery)]
    }

    /// Esc: back to every notification.
    mutating func closeHeldList() -> [Effect] {
        heldFilter = nil
        historyOffset = 0
        return [.loadHistory(historyQuery)]
    }
}
