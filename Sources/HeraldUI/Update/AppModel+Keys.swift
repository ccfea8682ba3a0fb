import Foundation
import HeraldCore
import TerminalKit

extension AppModel {
    /// The notification the action keys act on: the banner on screen, else the selected row's.
    public var focusedRecord: DeliveredRecord? { banner.current ?? selectedRow?.record }

    mutating func handleKey(_ key: Key) -> [Effect] {
        if !prompts.isEmpty { return handlePromptKey(key) }
        switch overlay {
        case .help(let scroll)?:
            return handleHelpKey(key, scroll: scroll)
        case .settings(let state)?:
            return handleSettingsKey(key, state)
        case .confirm(let state)?:
            return handleConfirmKey(key, state)
        case .input(let state)?:
            return handleInputKey(key, state)
        case nil:
            return handleMainKey(key)
        }
    }

    mutating func handleMainKey(_ key: Key) -> [Effect] {
        switch key {
        case .char("q"):
            quitRequested = true
            return [.quit]
        case .char("?"), .function(1):
            overlay = .help(scroll: 0)
        case .tab, .backTab:
            focus = focus == .list ? .sidebar : .list
        case .char("j"), .down:
            return move(by: 1)
        case .char("k"), .up:
            return move(by: -1)
        case .pageDown, .ctrl("d"):
            return move(by: max(1, Layout(self).list.height - 1))
        case .pageUp, .ctrl("u"):
            return move(by: -max(1, Layout(self).list.height - 1))
        case .home, .char("g"):
            return move(by: -Int(Int32.max), paging: false)
        case .end, .char("G"):
            return move(by: Int(Int32.max), paging: false)
        case .enter:
            if banner.current == nil && focus == .sidebar {
                focus = .list
                return []
            }
            guard let record = focusedRecord else { return [] }
            return respond(to: record, with: .open)
        case .char(let c) where ("1"..."9").contains(c):
            return performAction(number: Int(String(c)) ?? 0)
        case .char("r"):
            return startReply()
        case .char("o"):
            return openAttachment()
        case .escape, .char("x"):
            guard let record = focusedRecord else { return [] }
            return respond(to: record, with: .dismiss)
        case .char("/"):
            overlay = .input(InputState(purpose: .search, text: searchText ?? ""))
        case .char(":"):
            overlay = .input(InputState(purpose: .command))
        case .char("c"):
            guard let id = targetApp else { setStatus("No app selected"); return [] }
            if let i = apps.firstIndex(where: { $0.bundleIdentifier == id }) { apps[i].badge = 0 }
            setStatus("Badge of \(appName(id)) cleared")
            return [.setBadge(0, bundleIdentifier: id)]
        case .char("d"), .delete:
            return deleteSelected()
        case .char("D"):
            let message = selectedApp.map { "Clear all history of “\(appName($0))”?" } ?? "Clear all history of every app?"
            overlay = .confirm(ConfirmState(purpose: .clearHistory(bundleIdentifier: selectedApp), message: message))
        case .char("s"):
            guard let id = targetApp else { setStatus("No app selected"); return [] }
            overlay = .settings(SettingsState(bundleIdentifier: id))
        case .char(" "):
            if let row = selectedRow, row.groupCount > 1 {
                if expandedGroups.contains(row.group) { expandedGroups.remove(row.group) } else { expandedGroups.insert(row.group) }
            }
        default:
            break
        }
        return []
    }

    /// The app `c` and `s` act on: the sidebar's app, the filter, or the selected row's app.
    public var targetApp: String? {
        if focus == .sidebar, sidebarSelection > 0, sidebarSelection <= apps.count {
            return apps[sidebarSelection - 1].bundleIdentifier
        }
        return selectedApp ?? selectedRow?.record.bundleIdentifier
    }

    /// Moves the selection in the focused pane; near the ends of the window it pages history.
    mutating func move(by delta: Int, paging: Bool = true) -> [Effect] {
        if focus == .sidebar { return moveSidebar(by: delta) }
        let rows = listRows
        guard !rows.isEmpty else { return [] }
        let current = selectedRowIndex(in: rows) ?? 0
        let target = current + delta
        var effects: [Effect] = []
        let step = max(1, config.historyWindow / 2)
        if !paging {
            // Jumps stay inside the loaded window.
        } else if target >= rows.count, historyOffset + history.count < historyTotal {
            historyOffset += step
            effects.append(.loadHistory(historyQuery))
        } else if target < 0, historyOffset > 0 {
            historyOffset = max(0, historyOffset - step)
            effects.append(.loadHistory(historyQuery))
        }
        let index = min(max(0, target), rows.count - 1)
        let row = rows[index]
        selectedDeliveryID = row.record.deliveryID
        if index != current { effects += markRead(row) }
        return effects
    }

    mutating func moveSidebar(by delta: Int) -> [Effect] {
        let index = min(max(0, sidebarSelection + delta), apps.count)
        guard index != sidebarSelection else { return [] }
        return selectSidebar(index)
    }

    /// Selects "All" (0) or an app in the sidebar, filtering the list.
    mutating func selectSidebar(_ index: Int) -> [Effect] {
        sidebarSelection = index
        selectedApp = index == 0 ? nil : apps[index - 1].bundleIdentifier
        historyOffset = 0
        selectedDeliveryID = nil
        listScroll = 0
        return [.loadHistory(historyQuery)]
    }

    /// Marks the notifications of a row read (they were looked at).
    mutating func markRead(_ row: ListRow) -> [Effect] {
        let unread = row.members.filter { !$0.isRead }.map(\.deliveryID)
        guard !unread.isEmpty else { return [] }
        for id in unread { setReadLocally(id) }
        return [.markRead(unread)]
    }

    mutating func setReadLocally(_ deliveryID: Int64) {
        guard let i = history.firstIndex(where: { $0.deliveryID == deliveryID }), !history[i].isRead else { return }
        history[i].isRead = true
        let app = history[i].bundleIdentifier
        unreadCounts[app] = max(0, (unreadCounts[app] ?? 0) - 1)
    }

    mutating func deleteSelected() -> [Effect] {
        let rows = listRows
        guard let index = selectedRowIndex(in: rows) else { return [] }
        let ids = rows[index].deliveryIDs
        let set = Set(ids)
        for record in history where set.contains(record.deliveryID) && !record.isRead {
            unreadCounts[record.bundleIdentifier] = max(0, (unreadCounts[record.bundleIdentifier] ?? 0) - 1)
        }
        history.removeAll { set.contains($0.deliveryID) }
        historyTotal = max(0, historyTotal - ids.count)
        let remaining = listRows
        selectedDeliveryID = remaining.isEmpty ? nil : remaining[min(index, remaining.count - 1)].record.deliveryID
        setStatus(ids.count == 1 ? "Deleted 1 notification" : "Deleted \(ids.count) notifications")
        return [.deleteHistory(ids)]
    }
}
