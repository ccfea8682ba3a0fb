import Foundation
import HeraldCore
import TerminalKit

extension AppModel {
    /// What the runtime does once at start: load apps, unread counts, do-not-disturb and history.
    public var startupEffects: [Effect] { [.loadApps, .loadUnreadCounts, .loadDoNotDisturb, .loadHistory(historyQuery)] }

    /// Applies one message; the only place the state changes. Returns the side effects to run.
    public mutating func update(_ msg: Msg) -> [Effect] {
        var effects: [Effect] = []
        switch msg {
        case .key(let key):
            effects = handleKey(key)
        case .mouse(let event):
            effects = handleMouse(event)
        case .resize(let newWidth, let newHeight):
            width = max(1, newWidth)
            height = max(1, newHeight)
        case .tick(let date):
            handleTick(date)
        case .event(let event):
            effects = handleEvent(event)
        case .historyLoaded(let query, let records, let total):
            handleHistoryLoaded(query, records, total: total)
        case .appsLoaded(let loaded):
            apps = loaded.sorted(by: AppModel.appOrder)
            sidebarSelection = selectedApp.flatMap { id in apps.firstIndex { $0.bundleIdentifier == id }.map { $0 + 1 } } ?? 0
        case .unreadCountsLoaded(let counts):
            unreadCounts = counts
        case .doNotDisturbLoaded(let isOn):
            doNotDisturb = isOn
        case .promptRequested(let id, let app, let options):
            prompts.append(PermissionPromptState(id: id, app: app, options: options))
        case .promptCancelled(let id):
            prompts.removeAll { $0.id == id }
        case .log(let line):
            for part in TerminalText.sanitize(line, keepingNewlines: true).split(separator: "\n", omittingEmptySubsequences: false) {
                logLines.append(String(part))
            }
            if logLines.count > config.logLimit { logLines.removeFirst(logLines.count - config.logLimit) }
        case .setLogPaneVisible(let visible):
            showLog = visible
        case .commandResult(let text):
            setStatus(text)
        case .failed(let text):
            setStatus(text, isError: true)
        case .previewRendered(let request, let state):
            previews[request] = state
        case .mediaInfoRead(let path, let info):
            if mediaInfo.count >= 256 { mediaInfo.removeAll() }
            mediaInfo[path] = info
        }
        keepSelectionVisible()
        if listScroll == 0 { arrivalsAbove = 0 }
        return effects + requestPreviews()
    }

    /// The sidebar's order: display names as people read them — case aside, numbers by value
    /// ("App 2" before "App 10") — then bundle identifiers.
    static func appOrder(_ a: AppRecord, _ b: AppRecord) -> Bool {
        switch a.displayName.compare(b.displayName, options: [.caseInsensitive, .numeric]) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: return a.bundleIdentifier < b.bundleIdentifier
        }
    }

    mutating func setStatus(_ text: String, isError: Bool = false) {
        status = StatusMessage(text, isError: isError, date: now)
    }

    mutating func handleTick(_ date: Date) {
        now = date
        if banner.current != nil, !banner.isSticky, let shown = banner.shownAt,
           date.timeIntervalSince(shown) >= banner.current?.content.traits?.bannerTimeout ?? config.bannerDuration,
           !isEditingReplyToBanner {
            advanceBanner()
        }
        if let status, date.timeIntervalSince(status.date) >= 6 { self.status = nil }
    }

    /// Whether the input line is open for a reply to the banner on screen (the banner waits).
    var isEditingReplyToBanner: Bool {
        if case .input(let input)? = overlay, case .reply(let id, _, _, _) = input.purpose {
            return banner.current?.deliveryID == id
        }
        return false
    }

    mutating func handleHistoryLoaded(_ query: HistoryQuery, _ records: [DeliveredRecord], total: Int) {
        let current = historyQuery
        guard query.bundleIdentifier == current.bundleIdentifier, query.search == current.search,
              query.offset == current.offset else { return }   // a stale answer
        history = Array(records.prefix(config.historyWindow))
        historyTotal = max(total, records.count)
        let rows = listRows
        if selectedDeliveryID == nil || selectedRowIndex(in: rows) == nil {
            selectedDeliveryID = rows.first?.record.deliveryID
            listScroll = 0
        }
    }

    /// Scrolls the list so the selected row is visible.
    mutating func keepSelectionVisible() {
        let layout = Layout(self)
        let visible = max(1, layout.list.height)
        let rows = listRows
        guard let index = selectedRowIndex(in: rows) else { listScroll = 0; return }
        if index < listScroll { listScroll = index }
        if index >= listScroll + visible { listScroll = index - visible + 1 }
        listScroll = max(0, min(listScroll, max(0, rows.count - visible)))
    }
}
