import Foundation
import HeraldCore

extension AppModel {
    mutating func handleEvent(_ event: CenterEvent) -> [Effect] {
        var effects: [Effect] = []
        switch event {
        case .delivered(let record, let replaced):
            let anchor = firstVisibleDelivery
            effects = handleDelivered(record, replaced: replaced)
            keepFirstVisibleRow(anchor, arrived: [record.deliveryID])
        case .updated(let record):
            if let i = history.firstIndex(where: { $0.deliveryID == record.deliveryID }) {
                history[i] = record
                rowBecameWhole(record.deliveryID)
            }
            if record.isRemovedFromList { removeBanner(deliveryID: record.deliveryID) }
        case .deleted(let ids):
            let set = Set(ids)
            history.removeAll { set.contains($0.deliveryID) }
            for id in ids { removeBanner(deliveryID: id) }
            fixSelectionAfterRemoval()
            // A search's total is the center's to tell: ask again.
            if countedHistoryTotal == nil { effects.append(.loadHistory(historyQuery)) }
        case .cleared(let bundleIdentifier):
            history.removeAll { bundleIdentifier == nil || $0.bundleIdentifier == bundleIdentifier }
            closeBanners(of: bundleIdentifier)
            fixSelectionAfterRemoval()
            effects.append(.loadHistory(historyQuery))
        case .countsChanged(let bundleIdentifier, let counts):
            historyCounts[bundleIdentifier] = counts
            sinceLoads.countedApps.insert(bundleIdentifier)
            if let total = countedHistoryTotal { historyTotal = total }
        case .appChanged(let record):
            if let i = apps.firstIndex(where: { $0.bundleIdentifier == record.bundleIdentifier }) {
                apps[i] = record
            } else {
                let selected = sidebarSelection > 0 && sidebarSelection <= apps.count ? apps[sidebarSelection - 1].bundleIdentifier : nil
                apps.append(record)
                apps.sort(by: AppModel.appOrder)
                if let selected, let i = apps.firstIndex(where: { $0.bundleIdentifier == selected }) { sidebarSelection = i + 1 }
            }
        case .responded:
            break
        case .doNotDisturbChanged(let isOn):
            doNotDisturb = isOn
        case .focusChanged(let status):
            activeFocus = status
            doNotDisturb = status != nil
            effects.append(.loadFocus)
        case .pendingChanged:
            break
        case .promptRequested(let prompt):
            // (Sent again when the subscription starts anew: shown once.)
            if !prompts.contains(where: { $0.id == prompt.id }) { prompts.append(PermissionPromptState(prompt)) }
        case .promptWithdrawn(let id, _):
            prompts.removeAll { $0.id == id }
        }
        return effects
    }

    mutating func handleDelivered(_ record: DeliveredRecord, replaced: Int64?) -> [Effect] {
        var effects: [Effect] = []
        var record = record
        if record.deliveryID == 0 {
            // Shown but not kept (a rule's `history = no`): a banner of its own, never in the list.
            lastUnkeptDeliveryID -= 1
            record.deliveryID = lastUnkeptDeliveryID
        }
        let presentation = record.presentation.normalized
        if app(record.bundleIdentifier) == nil { effects.append(.loadApps) }
        if let replaced, let i = history.firstIndex(where: { $0.deliveryID == replaced }) {
            history.remove(at: i)
            if selectedDeliveryID == replaced { selectedDeliveryID = record.deliveryID }
        }
        // (The counts and the list's total come with `.countsChanged`.)
        if record.isKept {
            let matchesFilter = (selectedApp == nil || selectedApp == record.bundleIdentifier) && searchText == nil
                && heldFilter == nil
            if matchesFilter && historyOffset == 0 && !history.contains(where: { $0.deliveryID == record.deliveryID }) {
                sinceLoads.arrivals.append(record.deliveryID)
                history.insert(record, at: 0)
                if history.count > config.historyWindow { history.removeLast(history.count - config.historyWindow) }
                if selectedDeliveryID == nil { selectedDeliveryID = record.deliveryID }
            }
        }
        if presentation.contains(.banner) && app(record.bundleIdentifier)?.settings.alertStyle != UNAlertStyle.none {
            // A replaced notification's banner shows the new one in place, keeping its time on screen.
            if replaced.map({ replaceBanner(deliveryID: $0, with: record) }) != true { enqueueBanner(record) }
        }
        if let sound = record.soundToPlay {
            // The center may have played it through the sound server: then no bell as well.
            if !isMuted && record.isSoundHandledByCenter != true { effects.append(.bell) }
            if sound.isCritical || record.content.interruptionLevel == .critical { effects.append(.flash) }
        }
        return effects
    }

    /// The list's total when the center's counts tell it (no search, no summary filter): the
    /// selected app's history, or everyone's; `nil` when only a history query can.
    var countedHistoryTotal: Int? {
        guard searchText == nil, heldFilter == nil else { return nil }
        if let selectedApp { return historyCounts[selectedApp]?.total ?? 0 }
        return historyCounts.values.reduce(0) { $0 + $1.total }
    }

    /// After rows went away: select the nearest remaining row.
    mutating func fixSelectionAfterRemoval() {
        let rows = listRows
        if selectedRowIndex(in: rows) == nil || selectedDeliveryID.map({ id in !history.contains { $0.deliveryID == id } }) == true {
            let index = min(max(0, listScroll), max(0, rows.count - 1))
            selectedDeliveryID = rows.isEmpty ? nil : rows[index].record.deliveryID
        }
    }
}
