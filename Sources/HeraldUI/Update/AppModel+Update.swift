import Foundation
import HeraldCore
import TerminalKit

extension AppModel {
    /// What the runtime does once at start: load apps, unread counts, do-not-disturb and history.
    public var startupEffects: [Effect] { reloadEffects }

    /// Applies one message; the only place the state changes. Returns the side effects to run.
    public mutating func update(_ msg: Msg) -> [Effect] {
        let effects = apply(msg)
        settleAfterUpdate()
        noteLoads(in: effects)
        return effects + requestPreviews() + requestDetails()
    }

    /// Applies a frame's messages in order and settles the list once at the end (a flood of
    /// arrivals costs one scroll fix-up, not one per arrival). The same state as `update` one
    /// by one.
    public mutating func update(batch msgs: [Msg]) -> [Effect] {
        var effects: [Effect] = []
        var index = msgs.startIndex
        while index < msgs.endIndex {
            // A run of arrivals (with the counts that come with them): the first visible row is
            // anchored once for all of them.
            if case .event(.delivered) = msgs[index] {
                let anchor = firstVisibleDelivery
                var arrived: [Int64] = []
                arrivals: while index < msgs.endIndex {
                    switch msgs[index] {
                    case .event(.delivered(let record, let replaced)):
                        effects += handleDelivered(record, replaced: replaced)
                        arrived.append(record.deliveryID)
                    case .event(.countsChanged):
                        effects += apply(msgs[index])
                    default:
                        break arrivals
                    }
                    index += 1
                }
                keepFirstVisibleRow(anchor, arrived: arrived)
                continue
            }
            effects += apply(msgs[index])
            if case .key = msgs[index] { settleAfterUpdate() }   // the next key sees the list as drawn
            index += 1
        }
        settleAfterUpdate()
        noteLoads(in: effects)
        return effects + requestPreviews() + requestDetails()
    }

    /// Keeps the selection on screen; the "↑ N new" count ends at the top.
    mutating func settleAfterUpdate() {
        keepSelectionVisible()
        if listScroll == 0 { arrivalsAbove = 0 }
    }

    mutating func apply(_ msg: Msg) -> [Effect] {
        var effects: [Effect] = []
        switch msg {
        case .key(let key):
            effects = whileConnected { $0.handleKey(key) }
        case .mouse(let event):
            effects = whileConnected { $0.handleMouse(event) }
        case .resize(let newWidth, let newHeight):
            width = max(1, newWidth)
            height = max(1, newHeight)
            fitBannerStack()
        case .tick(let date):
            handleTick(date)
        case .event(let event):
            effects = handleEvent(event)
        case .historyLoaded(let query, let records, let total, let shortened):
            handleHistoryLoaded(query, records, total: total, shortened: shortened)
        case .detailLoaded(let record):
            detailLoaded(record)
        case .appsLoaded(let loaded):
            apps = loaded.sorted(by: AppModel.appOrder)
            sidebarSelection = selectedApp.flatMap { id in apps.firstIndex { $0.bundleIdentifier == id }.map { $0 + 1 } } ?? 0
        case .countsLoaded(let counts):
            countsLoaded(counts)
        case .doNotDisturbLoaded(let isOn):
            doNotDisturb = isOn
        case .focusLoaded(let overview):
            focusLoaded(overview)
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
        case .effectFailed(let effect, let text):
            setStatus(text, isError: true)
            if case .loadHistory = effect { historyLoadError = text }
            if effect.changesCenter && disconnection == nil { effects = reloadEffects }
        case .connectionLost(let reason):
            if disconnection == nil { disconnection = Disconnection(since: now, reason: reason) }
            prompts.removeAll()   // the center sends those still waiting once reconnected
            setStatus("Disconnected from the center — reconnecting…", isError: true)
        case .reconnected:
            disconnection = nil
            setStatus("Reconnected")
            effects = reloadEffects
        case .previewRendered(let request, let state):
            previews[request] = state
        case .mediaInfoRead(let path, let info):
            if mediaInfo.count >= 256 { mediaInfo.removeAll() }
            mediaInfo[path] = info
        }
        return effects
    }

    /// What loads everything the screen shows from the center: the history window first (the
    /// most of the screen), apps (badges, settings), history counts, do-not-disturb and Focus —
    /// asked for together.
    public var reloadEffects: [Effect] { [.loadHistory(historyQuery), .loadApps, .loadCounts, .loadDoNotDisturb, .loadFocus] }

    /// Runs a key or click; while disconnected, one that would change the center changes
    /// nothing (not even on screen) and says why — a reply being typed stays open, to send once
    /// reconnected. Moving, search, help and quitting all work.
    mutating func whileConnected(_ handle: (inout AppModel) -> [Effect]) -> [Effect] {
        guard disconnection != nil else { return handle(&self) }
        let before = self
        let effects = handle(&self)
        guard effects.contains(where: \.changesCenter) else { return effects }
        self = before
        // A typed reply stays to send once reconnected; a command line closes so the reason shows.
        if case .input(let input)? = overlay, input.purpose == .command { overlay = nil }
        setStatus("Not connected to the center — reconnecting; nothing was changed", isError: true)
        return []
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
        expireBanners()
        if let status, now >= statusExpiry(status) { self.status = nil }
    }

    mutating func handleHistoryLoaded(_ query: HistoryQuery, _ records: [DeliveredRecord], total: Int,
                                      shortened: Set<Int64> = []) {
        let current = historyQuery
        guard query.bundleIdentifier == current.bundleIdentifier, query.search == current.search,
              query.offset == current.offset else { return }   // a stale answer
        hasLoadedHistory = true
        let page = withArrivalsSinceLoad(records)
        history = Array(page.prefix(config.historyWindow))
        pageLoaded(shortened: shortened)
        historyTotal = max(total, page.count)
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
