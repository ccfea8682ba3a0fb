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
        case .focus(let state)?:
            return handleFocusScreenKey(key, state)
        case nil:
            return handleMainKey(key)
        }
    }

    mutating func handleMainKey(_ pressed: Key) -> [Effect] {
        let key = config.keyBindings[pressed] ?? pressed   // the configuration's [keys]
        if let effects = handleBannerKey(key) { return effects }
        switch key {
        case .char("q"):
            quitRequested = true
            return [.quit]
        case .char("?"), .function(1):
            overlay = .help(scroll: 0)
        case .tab, .backTab:
            activePane = activePane == .list ? .sidebar : .list
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
            if banner.current == nil && activePane == .sidebar {
                activePane = .list
                return []
            }
            guard let record = focusedRecord else { return [] }
            if let held = openHeldList(record) { return held }
            return respond(to: record, with: .open)
        case .char(let c) where ("1"..."9").contains(c):
            return performAction(number: Int(String(c)) ?? 0)
        case .char("r"):
            return startReply()
        case .escape where banner.current == nil && searchText != nil:
            return clearSearch()
        case .char("o"):
            return openAttachment()
        case .escape where banner.current == nil && heldFilter != nil:
            return closeHeldList()
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

    /// The keys that act on banners while some are on screen: `Tab` / `Shift-Tab` move the keys
    /// between stacked banners, `X` closes them all (they stay in the list); a coalesced banner
    /// opens its app's list with Enter. `nil`: not a banner key, the main keys apply.
    mutating func handleBannerKey(_ key: Key) -> [Effect]? {
        guard let item = banner.focused else { return nil }
        switch key {
        case .tab where banner.shown.count > 1:
            moveBannerFocus(by: 1)
            return []
        case .backTab where banner.shown.count > 1:
            moveBannerFocus(by: -1)
            return []
        case .char("X"):
            let count = banner.all.reduce(0) { $0 + $1.count }
            closeBanners(of: nil)
            setStatus(count == 1 ? "Banner closed — it is in the list" : "\(count) banners closed — they are in the list")
            return []
        case .enter, .escape, .char("x"), .char("r"):
            break
        case .char(let c) where ("1"..."9").contains(c):
            break
        default:
            return nil
        }
        guard bannerTakesKeys else {
            setStatus("The keys moved to this banner — press again to act on it")
            banner.focusMovedAt = nil
            return []
        }
        guard item.isCoalesced else { return nil }
        switch key {
        case .enter:
            closeBanner(id: item.id)
            activePane = .list
            guard let index = apps.firstIndex(where: { $0.bundleIdentifier == item.bundleIdentifier }) else { return [] }
            return selectSidebar(index + 1)
        case .escape, .char("x"):
            closeBanner(id: item.id)
        default:
            setStatus("\(item.count) notifications from \(appName(item.bundleIdentifier)): Enter shows them")
        }
        return []
    }

    /// The app `c` and `s` act on: the sidebar's app, the filter, or the selected row's app.
    public var targetApp: String? {
        if activePane == .sidebar, sidebarSelection > 0, sidebarSelection <= apps.count {
            return apps[sidebarSelection - 1].bundleIdentifier
        }
        return selectedApp ?? selectedRow?.record.bundleIdentifier
    }

    /// Moves the selection in the focused pane; near the ends of the window it pages history.
    mutating func move(by delta: Int, paging: Bool = true) -> [Effect] {
        if activePane == .sidebar { return moveSidebar(by: delta) }
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
        selectedDeliveryID = rows[index].record.deliveryID   // looking is not reading: Enter opens (and marks read)
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

    mutating func setReadLocally(_ deliveryID: Int64) {
        guard let i = history.firstIndex(where: { $0.deliveryID == deliveryID }), !history[i].isRead else { return }
        history[i].isRead = true   // (the unread count comes back from the center)
    }

    mutating func deleteSelected() -> [Effect] {
        let rows = listRows
        guard let index = selectedRowIndex(in: rows) else { return [] }
        let ids = rows[index].deliveryIDs
        let set = Set(ids)
        history.removeAll { set.contains($0.deliveryID) }   // (the counts come back from the center)
        let remaining = listRows
        selectedDeliveryID = remaining.isEmpty ? nil : remaining[min(index, remaining.count - 1)].record.deliveryID
        setStatus(ids.count == 1 ? "Deleted 1 notification" : "Deleted \(ids.count) notifications")
        return [.deleteHistory(ids)]
    }
}
