import Foundation
import HeraldCore
import Synchronization
import TerminalKit
import Testing
import TestSupport
@testable import HeraldUI

/// Collects the effects a `UIProgram` hands out, so a test can run them when it wants.
final class EffectCollector: Sendable {
    private let effects = Mutex<[Effect]>([])
    func append(_ effect: Effect) { effects.withLock { $0.append(effect) } }
    func take() -> [Effect] { effects.withLock { e in defer { e.removeAll() }; return e } }
}

/// A program on a `TestBackend` with a fake center.
struct Harness {
    let center: FakeCenterControl
    let inbox = MessageQueue()
    let collector = EffectCollector()
    let backend: TestBackend
    let program: UIProgram
    let runner: EffectRunner

    init(width: Int = 80, height: Int = 24, history: [DeliveredRecord] = Fixtures.history,
         commandHandler: CommandHandler? = nil) {
        center = FakeCenterControl(apps: [Fixtures.messages, Fixtures.calendar], history: history)
        backend = TestBackend(width: width, height: height)
        let collector = self.collector
        let inbox = self.inbox
        program = UIProgram(model: AppModel(config: Fixtures.config), backend: backend, inbox: inbox,
                            clock: { Fixtures.now }, perform: { collector.append($0) })
        runner = EffectRunner(center: center, commandHandler: commandHandler, send: { inbox.send($0) })
    }

    /// Runs the effects handed out so far (their results land in the inbox), then one frame.
    func settle() async {
        for _ in 0..<3 {
            for effect in collector.take() { await runner.perform(effect) }
            program.step()
        }
    }
}

@Suite struct RuntimeTests {
    @Test func startLoadsAndDrawsTheCenter() async {
        let h = Harness()
        h.program.start()
        await h.settle()
        #expect(h.center.calls.prefix(4) == ["history(all, -, 0)", "apps", "historyCounts", "focusOverview"])
        #expect(h.backend.screen.lines[2].contains("Alice"))
        #expect(h.backend.screen.hasSameText(as: h.program.model.view()))
    }

    @Test func aNewBannerRedrawsFarFewerCellsThanAFullScreen() async {
        let h = Harness()
        h.program.start()
        await h.settle()
        let full = 80 * 24
        h.inbox.send(.event(.delivered(Fixtures.record(20, title: "Hi", body: "short", category: ""), replacedDeliveryID: nil)))
        h.program.step()
        #expect(h.backend.lastDrawCount > 0)
        #expect(h.backend.lastDrawCount < full / 3)
        #expect(h.backend.screen.lines.joined().contains("Hi"))
        // Nothing changed: nothing drawn.
        let before = h.backend.totalDrawCount
        h.inbox.send(.tick(Fixtures.now))
        h.program.step()
        #expect(h.backend.totalDrawCount == before)
    }

    @Test func resizeRedrawsEverythingAtOnce() async {
        let h = Harness()
        h.program.start()
        await h.settle()
        h.backend.resize(width: 40, height: 12)
        h.program.step()
        #expect(h.backend.lastDrawCount == 40 * 12 - h.backend.screen.cells.filter(\.isContinuation).count)
        #expect(h.program.model.width == 40)
        #expect(h.backend.screen.hasSameText(as: h.program.model.view()))
    }

    @Test func thousandsOfArrivalsCostOneFrame() async {
        let h = Harness(history: [])
        h.program.start()
        await h.settle()
        let frames = h.program.frames
        for i in 1...2000 {
            h.inbox.send(.event(.delivered(Fixtures.record(Int64(i), thread: "t\(i % 10)", presentation: [.banner, .list, .sound],
                                                           sound: .default), replacedDeliveryID: nil)))
        }
        h.program.step()
        #expect(h.program.frames == frames + 1)
        #expect(h.backend.bells == 1)   // one bell per frame, not 2000
        #expect(h.program.model.history.count == 300)
    }

    @Test func keysFromTheBackendReachTheCenter() async {
        let h = Harness()
        h.program.start()
        await h.settle()
        h.backend.events = [.key(.char("j")), .key(.char("1"))]
        h.program.step()
        await h.settle()
        #expect(h.center.calls.contains("respond(5, action(ACCEPT))"))
        #expect(!h.center.calls.contains("markRead(5)"))   // moving onto it is not reading it
    }

    @Test func cursorFollowsTheInputLine() async {
        let h = Harness()
        h.program.start()
        h.backend.events = [.key(.char(":")), .key(.char("l"))]
        h.program.step()
        #expect(h.backend.cursor! == (2, 23))
        h.backend.events = [.key(.escape)]
        h.program.step()
        #expect(h.backend.cursor == nil)
    }

    @Test func permissionPromptRoundTrip() async {
        let h = Harness()
        h.program.start()
        h.inbox.send(.promptRequested(id: 5, app: Fixtures.messages, options: [.alert, .badge]))
        h.program.step()
        #expect(h.backend.screen.lines.joined().contains("“Messages” would like to send you"))
        h.backend.events = [.key(.char("y"))]
        h.program.step()
        await h.settle()
        #expect(h.center.calls.contains("answerPrompt(5, true)"))
        #expect(h.program.model.prompts.isEmpty)
    }

    @Test func failuresAndCommandsComeBackAsMessages() async {
        let h = Harness { line in line == "invite Bob" ? "Invited Bob" : nil }
        h.center.fail("respond")
        await h.runner.perform(.respond(deliveryID: 1, action: .open))
        await h.runner.perform(.runCommand("invite Bob"))
        await h.runner.perform(.runCommand("frobnicate"))
        let msgs = h.inbox.drain()
        guard msgs.count == 3, case .effectFailed(.respond, let error) = msgs[0], case .commandResult(let ok) = msgs[1],
              case .failed(let unknown) = msgs[2] else {
            Issue.record("unexpected \(msgs)")
            return
        }
        #expect(error.hasPrefix("Respond failed"))
        #expect(ok == "Invited Bob")
        #expect(unknown == "Unknown command: frobnicate")
    }

    @Test func settingsReachTheCenter() async {
        let h = Harness()
        h.program.start()
        await h.settle()
        h.backend.events = [.key(.char("s")), .key(.enter), .key(.escape)]
        h.program.step()
        await h.settle()
        #expect(h.center.calls.contains("updateSettings(com.example.messages)"))
        #expect(h.center.appRecords.first { $0.bundleIdentifier == "com.example.messages" }?.settings.allowNotifications == false)
    }

    @Test func searchGoesThroughCenterHistory() async {
        let h = Harness()
        h.program.start()
        await h.settle()
        h.backend.events = [.key(.char("/"))] + "game".map { .key(.char($0)) } + [.key(.enter)]
        h.program.step()
        await h.settle()
        #expect(h.center.calls.contains("history(all, game, 0)"))
        #expect(h.program.model.history.map(\.deliveryID) == [2])
    }

    @Test func workerKeepsOrder() async {
        let center = FakeCenterControl(apps: [Fixtures.messages], history: Fixtures.history)
        let worker = EffectWorker(runner: EffectRunner(center: center, send: { _ in }))
        worker.submit(.respond(deliveryID: 1, action: .open))
        worker.submit(.markRead([2]))
        worker.submit(.setBadge(0, bundleIdentifier: "x"))
        await worker.finish()
        #expect(center.calls == ["respond(1, open)", "markRead(2)", "setBadge(0, x)"])
    }

    @Test func quitStopsTheLoop() {
        let h = Harness()
        h.backend.events = [.key(.char("q"))]
        h.program.run()
        #expect(h.program.model.quitRequested)
        #expect(h.program.effectLog.contains(.quit))
    }
}

@Suite struct ConfigurationTests {
    @Test func readsTheEnvironment() {
        let config = UIConfiguration.fromEnvironment(["HERALD_UI_BANNER_SECONDS": "2.5", "HERALD_UI_MUTE": "1", "NO_COLOR": "1"])
        #expect(config.bannerDuration == 2.5)
        #expect(config.muted)
        #expect(!config.colors)
        let defaults = UIConfiguration.fromEnvironment(["NO_COLOR": "", "HERALD_UI_BANNER_SECONDS": "-1"])
        #expect(defaults.colors && defaults.bannerDuration == 5 && !defaults.muted)
    }
}
