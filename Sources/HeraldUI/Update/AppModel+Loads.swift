import Foundation
import HeraldCore

/// What the center sent while a load was on its way. A load's answer is read on the engine at
/// one moment, but an event emitted after that moment can reach the UI before the answer does
/// (a reply and an event travel separately): the answer must not undo such an event — drop an
/// arrival from the list, or put back an older count.
struct LoadRace: Sendable {
    /// Notifications that arrived into the list since the history window was asked for.
    var arrivals: [Int64] = []
    /// Apps whose counts came since the counts were asked for.
    var countedApps: Set<String> = []
}

extension AppModel {
    /// A load asked for now starts a new watch of what arrives meanwhile.
    mutating func noteLoads(in effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .loadHistory: sinceLoads.arrivals.removeAll()
            case .loadCounts: sinceLoads.countedApps.removeAll()
            default: break
            }
        }
        // (Bounded: only the newest window's worth can matter.)
        if sinceLoads.arrivals.count > config.historyWindow {
            sinceLoads.arrivals.removeFirst(sinceLoads.arrivals.count - config.historyWindow)
        }
    }

    /// The loaded page with the arrivals it missed on top (newest first).
    func withArrivalsSinceLoad(_ records: [DeliveredRecord]) -> [DeliveredRecord] {
        guard historyOffset == 0 else { return records }
        let missed = Set(sinceLoads.arrivals).subtracting(records.map(\.deliveryID))
        guard !missed.isEmpty else { return records }
        return history.filter { missed.contains($0.deliveryID) } + records   // as shown now, newest first
    }

    /// Every app's counts, except those that changed since they were asked for (newer).
    mutating func countsLoaded(_ counts: [String: HistoryCounts]) {
        var merged = counts
        for app in sinceLoads.countedApps { merged[app] = historyCounts[app] }
        historyCounts = merged
        sinceLoads.countedApps.removeAll()
        if let total = countedHistoryTotal { historyTotal = total }
    }
}
