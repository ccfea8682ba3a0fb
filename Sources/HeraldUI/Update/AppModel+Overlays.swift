import Foundation
import HeraldCore
import TerminalKit

extension AppModel {
    mutating func handlePromptKey(_ key: Key) -> [Effect] {
        guard var prompt = prompts.first else { return [] }
        switch key {
        case .char("y"), .char("Y"):
            return answerPrompt(allowed: true)
        case .char("n"), .char("N"), .escape:
            return answerPrompt(allowed: false)
        case .left, .right, .tab, .backTab, .char("h"), .char("l"):
            prompt.allowSelected.toggle()
            prompts[0] = prompt
        case .enter, .char(" "):
            return answerPrompt(allowed: prompt.allowSelected)
        default:
            break
        }
        return []
    }

    mutating func answerPrompt(allowed: Bool) -> [Effect] {
        let prompt = prompts.removeFirst()
        setStatus("\(prompt.app.displayName): notifications \(allowed ? "allowed" : "not allowed")")
        return [.answerPrompt(id: prompt.id, allowed: allowed)]   // `.appChanged` brings the new status
    }

    mutating func handleSettingsKey(_ key: Key, _ state: SettingsState) -> [Effect] {
        var state = state
        let rows = SettingsState.Row.allCases
        switch key {
        case .escape, .char("q"), .char("s"):
            overlay = nil
            return []
        case .char("j"), .down, .tab:
            state.selectedRow = min(rows.count - 1, state.selectedRow + 1)
        case .char("k"), .up, .backTab:
            state.selectedRow = max(0, state.selectedRow - 1)
        case .enter where rows[state.selectedRow] == .focus, .char(" ") where rows[state.selectedRow] == .focus:
            return openFocusScreen()
        case .enter, .char(" "), .right, .char("l"):
            overlay = .settings(state)
            return changeSetting(rows[state.selectedRow], of: state.bundleIdentifier, forward: true)
        case .left, .char("h"):
            overlay = .settings(state)
            return changeSetting(rows[state.selectedRow], of: state.bundleIdentifier, forward: false)
        default:
            break
        }
        overlay = .settings(state)
        return []
    }

    /// Toggles or cycles one setting and sends it to the center at once.
    mutating func changeSetting(_ row: SettingsState.Row, of bundleIdentifier: String, forward: Bool) -> [Effect] {
        guard let i = apps.firstIndex(where: { $0.bundleIdentifier == bundleIdentifier }) else { return [] }
        var settings = apps[i].settings
        func cycle<T: CaseIterable & Equatable>(_ value: T) -> T {
            let all = Array(T.allCases)
            let index = all.firstIndex(of: value) ?? 0
            return all[(index + (forward ? 1 : all.count - 1)) % all.count]
        }
        switch row {
        case .allowNotifications: settings.allowNotifications.toggle()
        case .alertStyle: settings.alertStyle = cycle(settings.alertStyle)
        case .sounds: settings.sounds.toggle()
        case .badges: settings.badges.toggle()
        case .showInHistory: settings.showInHistory.toggle()
        case .showPreviews: settings.showPreviews = cycle(settings.showPreviews)
        case .timeSensitive: settings.timeSensitive.toggle()
        case .criticalAlerts: settings.criticalAlerts.toggle()
        case .scheduledSummary: settings.scheduledDelivery.toggle()
        case .focus: return []
        }
        apps[i].settings = settings
        return [.updateSettings(settings, bundleIdentifier: bundleIdentifier)]
    }

    mutating func handleConfirmKey(_ key: Key, _ state: ConfirmState) -> [Effect] {
        switch key {
        case .char("y"), .char("Y"), .enter:
            overlay = nil
            switch state.purpose {
            case .clearHistory(let bundleIdentifier):
                history.removeAll { bundleIdentifier == nil || $0.bundleIdentifier == bundleIdentifier }
                selectedDeliveryID = listRows.first?.record.deliveryID
                setStatus("History cleared")
                return [.clearHistory(bundleIdentifier: bundleIdentifier)]
            case .unlockThenAct(let deliveryID, let action):
                isLocked = false
                guard let record = record(withID: deliveryID) else { return [] }
                return perform(action, on: record)
            }
        case .char("n"), .char("N"), .escape, .char("q"):
            overlay = nil
        default:
            break
        }
        return []
    }

    mutating func handleInputKey(_ key: Key, _ state: InputState) -> [Effect] {
        var state = state
        switch key {
        case .escape:
            overlay = nil
            if state.purpose == .search, searchText != nil { return clearSearch() }
            return []
        case .enter:
            return commitInput(state)
        default:
            let before = state.editor.text
            state.editor.handle(key)
            overlay = .input(state)
            // The search follows the typing: the list shows the matches as the words change.
            if state.purpose == .search, state.editor.text != before { return searchAsTyped(state.editor.text) }
            return []
        }
    }

    /// Searches for the search line's text, unless its words are what is shown already.
    mutating func searchAsTyped(_ text: String) -> [Effect] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let query = trimmed.isEmpty ? nil : trimmed
        guard query != searchText else { return [] }
        return search(query)
    }

    /// Shows the history matching `text` (`nil`: all of it), from its newest row.
    mutating func search(_ text: String?) -> [Effect] {
        searchText = text
        historyOffset = 0
        selectedDeliveryID = nil
        listScroll = 0
        return [.loadHistory(historyQuery)]
    }

    /// Esc on a search (in the list, or in the search line): the whole history again.
    mutating func clearSearch() -> [Effect] {
        setStatus("Search cleared")
        return search(nil)
    }

    mutating func commitInput(_ state: InputState) -> [Effect] {
        let text = state.editor.text
        switch state.purpose {
        case .search:
            overlay = nil
            return searchAsTyped(text)
        case .command:
            overlay = nil
            return runCommand(text)
        case .reply(let deliveryID, let actionIdentifier, _, _):
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return [] }   // nothing to send yet
            overlay = nil
            guard let record = record(withID: deliveryID) else {
                return [.respond(deliveryID: deliveryID, action: .reply(actionIdentifier: actionIdentifier, text: text))]
            }
            return respond(to: record, with: .reply(actionIdentifier: actionIdentifier, text: text))
        }
    }
}
