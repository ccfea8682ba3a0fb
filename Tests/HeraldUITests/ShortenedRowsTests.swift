import Foundation
import HeraldCore
import TerminalKit
import Testing
@testable import HeraldUI

/// Pages of history come in a list's form (large records shortened); the detail pane asks for
/// the selected notification's whole record, and a page that could not be loaded says so where
/// the list would be.
@Suite struct ShortenedRowsTests {
    /// A `userInfo` over the list form's 16 KiB: left out of the row.
    static let bigUserInfo: [String: JSONValue] = ["job": "nightly", "log": .string(String(repeating: "x", count: 20_000))]

    /// A model whose window came with row 6 shortened, and the effects of that page's arrival.
    static func model() -> (AppModel, whole: DeliveredRecord, effects: [Effect]) {
        let whole = Fixtures.record(6, title: "Report", body: "The nightly report is ready", userInfo: bigUserInfo)
        var model = AppModel(width: 80, height: 40, now: Fixtures.now, config: Fixtures.config)
        _ = model.update(.appsLoaded([Fixtures.messages, Fixtures.calendar]))
        let rows = [whole.shortenedForList()] + Fixtures.history.dropFirst()
        let effects = model.update(.historyLoaded(model.historyQuery, Array(rows), total: rows.count, shortened: [6]))
        return (model, whole, effects)
    }

    @Test func theSelectedShortenedRowsWholeRecordIsAskedForOnceAndShown() throws {
        var (model, whole, effects) = Self.model()
        // The first row is selected: its whole record is asked for, once.
        #expect(effects.contains(.loadDetail(deliveryID: 6)))
        #expect(!model.update(.tick(Fixtures.now)).contains(.loadDetail(deliveryID: 6)))
        var screen = model.view().lines.joined(separator: "\n")
        #expect(!screen.contains("userInfo"))

        _ = model.update(.detailLoaded(whole))
        screen = model.view().lines.joined(separator: "\n")
        #expect(screen.contains("userInfo"), "the whole record's userInfo shows:\n\(screen)")
        #expect(model.shownRecord(model.history[0]).content.userInfo == Self.bigUserInfo)
        // The list keeps its row (state from the list, content from the whole record in the pane).
        #expect(model.history[0].content.userInfo.isEmpty)

        // A row that is whole asks for nothing.
        let next = model.update(.key(.char("j")))
        #expect(!next.contains { if case .loadDetail = $0 { return true } else { return false } })
    }

    @Test func aPageThatCouldNotBeLoadedIsAnErrorWhereTheListWouldBe() {
        var model = AppModel(width: 80, height: 24, now: Fixtures.now, config: Fixtures.config)
        #expect(model.view().lines.joined().contains("Loading…"))
        let text = "Loading history failed: the center's reply is over the line limit of 1048576 bytes"
        _ = model.update(.effectFailed(.loadHistory(model.historyQuery), text))
        let screen = model.view().lines.joined(separator: "\n")
        #expect(screen.contains("Loading history failed"), "\(screen)")
        #expect(!screen.contains("Loading…"))
        #expect(!screen.contains("No notifications"))
        // A page that comes replaces it.
        _ = model.update(.historyLoaded(model.historyQuery, Fixtures.history, total: Fixtures.history.count))
        #expect(model.historyLoadError == nil)
    }

    /// The effect pages on where a cut page ended, and passes the shortened rows along.
    @Test func loadingAWindowPagesOnUntilItIsFull() async {
        let center = PagingCenter()
        let inbox = Inbox()
        let runner = EffectRunner(center: center) { msg in inbox.messages.withLock { $0.append(msg) } }
        await runner.perform(.loadHistory(HistoryQuery(limit: 5)))
        let messages = inbox.messages.withLock { $0 }
        guard case .historyLoaded(_, let records, let total, let shortened)? = messages.first else {
            Issue.record("no page: \(messages)")
            return
        }
        #expect(records.map(\.deliveryID) == [5, 4, 3, 2, 1])
        #expect(total == 5)
        #expect(shortened == [4])
        #expect(center.asked.withLock { $0 } == [0, 2, 4])
    }
}

import Synchronization

private final class Inbox: Sendable {
    let messages = Mutex<[Msg]>([])
}

/// A center that answers pages of two rows, cut, the second row of each shortened.
private final class PagingCenter: CenterControl {
    let asked = Mutex<[Int]>([])
    let rows = (1...5).reversed().map { Fixtures.record(Int64($0)) }

    func historyPage(_ query: HistoryQuery) async throws -> HistoryPage {
        asked.withLock { $0.append(query.offset) }
        let page = Array(rows.dropFirst(query.offset).prefix(min(2, query.limit)))
        let end = query.offset + page.count
        return HistoryPage(records: page, shortened: page.count == 2 && end == 2 ? [page[1].deliveryID] : [],
                           isComplete: end >= rows.count || page.count == query.limit)
    }

    func history(_ query: HistoryQuery) async throws -> [DeliveredRecord] { [] }
    func historyCount(_ query: HistoryQuery) async throws -> Int { rows.count }
    func apps() async throws -> [AppRecord] { [] }
    func historyCounts() async throws -> [String: HistoryCounts] { [:] }
    func respond(deliveryID: Int64, action: ResponseAction) async throws {}
    func markRead(deliveryIDs: [Int64], isRead: Bool) async throws {}
    func deleteHistory(deliveryIDs: [Int64]) async throws {}
    func clearHistory(bundleIdentifier: String?) async throws {}
    func setBadge(_ count: Int, bundleIdentifier: String) async throws {}
    func updateSettings(_ settings: AppSettings, bundleIdentifier: String) async throws {}
    func doNotDisturb() async -> Bool { false }
    func setDoNotDisturb(_ isOn: Bool) async throws {}
    func focusOverview() async throws -> FocusOverview { throw FocusError.unknownMode("none") }
    func changeFocus(_ change: FocusChange) async throws -> FocusOverview { throw FocusError.unknownMode("none") }
    func answerPrompt(promptID: Int64, allowed: Bool) async throws -> Bool { false }
    func events() async -> AsyncStream<CenterEvent> { AsyncStream { $0.finish() } }
}
