import Foundation
import HeraldCore
import Synchronization
import TerminalKit
import Testing
import TestSupport
@testable import HeraldUI

/// A center whose loads each wait until `expected` of them are on their way at once (or two
/// seconds pass): how many were ever on their way together is what a test reads. Everything
/// else is the fake's.
final class GatheringCenter: CenterControl {
    let base: FakeCenterControl
    let expected: Int
    private struct Counts { var inFlight = 0, most = 0, answered = 0 }
    private let counts = Mutex(Counts())

    init(base: FakeCenterControl, expected: Int) {
        self.base = base
        self.expected = expected
    }

    /// The most loads that were waiting at once, and how many have been answered.
    var mostAtOnce: Int { counts.withLock { $0.most } }
    var answered: Int { counts.withLock { $0.answered } }

    private func gather<T>(_ load: () async throws -> T) async throws -> T {
        counts.withLock {
            $0.inFlight += 1
            $0.most = max($0.most, $0.inFlight)
        }
        let deadline = Date().addingTimeInterval(2)
        while counts.withLock({ $0.most }) < expected && Date() < deadline {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        defer { counts.withLock { $0.inFlight -= 1; $0.answered += 1 } }
        return try await load()
    }

    func apps() async throws -> [AppRecord] { try await gather { try await base.apps() } }
    func history(_ query: HistoryQuery) async throws -> [DeliveredRecord] { try await base.history(query) }
    func historyPage(_ query: HistoryQuery) async throws -> HistoryPage { try await gather { try await base.historyPage(query) } }
    func historyCount(_ query: HistoryQuery) async throws -> Int { try await gather { try await base.historyCount(query) } }
    func historyCounts() async throws -> [String: HistoryCounts] { try await gather { try await base.historyCounts() } }
    func unreadCounts() async throws -> [String: Int] { try await base.unreadCounts() }
    func respond(deliveryID: Int64, action: ResponseAction) async throws { try await base.respond(deliveryID: deliveryID, action: action) }
    func markRead(deliveryIDs: [Int64], isRead: Bool) async throws { try await base.markRead(deliveryIDs: deliveryIDs, isRead: isRead) }
    func deleteHistory(deliveryIDs: [Int64]) async throws { try await base.deleteHistory(deliveryIDs: deliveryIDs) }
    func clearHistory(bundleIdentifier: String?) async throws { try await base.clearHistory(bundleIdentifier: bundleIdentifier) }
    func setBadge(_ count: Int, bundleIdentifier: String) async throws { try await base.setBadge(count, bundleIdentifier: bundleIdentifier) }
    func updateSettings(_ settings: AppSettings, bundleIdentifier: String) async throws {
        try await base.updateSettings(settings, bundleIdentifier: bundleIdentifier)
    }
    func doNotDisturb() async -> Bool { (try? await gather { await base.doNotDisturb() }) ?? false }
    func setDoNotDisturb(_ isOn: Bool) async throws { try await base.setDoNotDisturb(isOn) }
    func focusOverview() async throws -> FocusOverview { try await gather { try await base.focusOverview() } }
    func changeFocus(_ change: FocusChange) async throws -> FocusOverview { try await base.changeFocus(change) }
    func answerPrompt(promptID: Int64, allowed: Bool) async throws -> Bool {
        try await base.answerPrompt(promptID: promptID, allowed: allowed)
    }
    func events() async -> AsyncStream<CenterEvent> { await base.events() }
}

@Suite struct StartupLoadsTests {
    /// The first screen needs the history window and its count, apps, counts, do-not-disturb
    /// and Focus: all six requests are on their way at once, not one after another.
    @Test func theStartAsksForEverythingTheScreenShowsAtOnce() async throws {
        let center = GatheringCenter(base: FakeCenterControl(apps: [Fixtures.messages, Fixtures.calendar],
                                                             history: Fixtures.history),
                                     expected: 6)
        let inbox = MessageQueue()
        let worker = EffectWorker(runner: EffectRunner(center: center, send: { inbox.send($0) }))
        let backend = TestBackend(width: 80, height: 24)
        let program = UIProgram(model: AppModel(config: Fixtures.config), backend: backend, inbox: inbox,
                                clock: { Fixtures.now }, performTogether: { worker.submit(together: $0) },
                                perform: { worker.submit($0) })
        program.start()
        let deadline = Date().addingTimeInterval(60)
        while center.answered < 6 && Date() < deadline { try await Task.sleep(nanoseconds: 5_000_000) }
        await worker.finish()
        program.step()
        #expect(center.mostAtOnce == 6)
        #expect(backend.screen.lines[2].contains("Alice"))
        #expect(backend.screen.hasSameText(as: program.model.view()))
    }

    /// The terminal UI asks for its first screen before it sets the terminal up (ncurses' start):
    /// all six requests are on their way while the terminal opens, and their answers are in
    /// the first frame drawn.
    @Test func theLoadsLeaveBeforeTheTerminalIsSetUp() async throws {
        let center = GatheringCenter(base: FakeCenterControl(apps: [Fixtures.messages, Fixtures.calendar],
                                                             history: Fixtures.history),
                                     expected: 6)
        let inbox = MessageQueue()
        let answers = Mutex(0)
        let worker = EffectWorker(runner: EffectRunner(center: center, send: { msg in
            inbox.send(msg)
            answers.withLock { $0 += 1 }
        }))
        let terminal = OpenedTerminal()
        let onTheirWay = Mutex(-1)
        let driver = TerminalDriver(open: { _ in
            // The terminal takes its time to start; the loads do not wait for it. (Five answers:
            // the history window comes with its count.)
            let deadline = Date().addingTimeInterval(30)
            while answers.withLock({ $0 }) < 5 && Date() < deadline { usleep(1_000) }
            onTheirWay.withLock { $0 = center.mostAtOnce }
            return terminal.backend
        }, restoreNow: {})
        let stop = StopFlag()
        stop.set()   // the first frame, then out
        try await offThePool {
            try TerminalApp.runLoop(driver: driver, options: TerminalApp.Options(ui: Fixtures.config), inbox: inbox,
                                    worker: worker, stop: stop)
        }
        await worker.finish()
        #expect(onTheirWay.withLock { $0 } == 6)
        #expect(terminal.backend.screen.lines.joined().contains("Alice"), "the answers waiting are not in the first frame")
    }

    /// A change between loads keeps its place: the loads before it are answered before it is
    /// asked, and those after it are asked only once it is done.
    @Test func aChangeBetweenLoadsWaitsForThemAndTheLoadsAfterItWait() async throws {
        let handedOut = Mutex<[[Effect]]>([])
        let recording = UIProgram(model: AppModel(config: Fixtures.config), backend: TestBackend(width: 80, height: 24), inbox: MessageQueue(),
                                  clock: { Fixtures.now }, performTogether: { loads in handedOut.withLock { $0.append(loads) } },
                                  perform: { effect in handedOut.withLock { $0.append([effect]) } })
        recording.dispatch([.loadApps, .loadCounts, .markRead([1]), .loadFocus, .loadHistory(HistoryQuery(limit: 300)), .bell])
        #expect(handedOut.withLock { $0 } == [[.loadApps, .loadCounts], [.markRead([1])],
                                              [.loadFocus, .loadHistory(HistoryQuery(limit: 300))]])
    }
}

/// The terminal a test's driver opens (the loop draws into it on another thread, the test reads
/// it after the loop ended).
private final class OpenedTerminal: @unchecked Sendable {
    let backend = TestBackend(width: 80, height: 24)
}
