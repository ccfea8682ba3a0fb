import Foundation
import HeraldCore
import TerminalKit
import Testing
@testable import HeraldUI

/// The loop gives the model the time before a frame's keys, and acts at once on a timer the
/// frame itself made due: keys act on the screen as it is when they are read.
@Suite struct FreshTimeTests {
    /// A key read after a quiet spell acts on the screen as it is at that moment: the loop
    /// gives the model the time before the key, so a banner's key grace long over is over.
    @Test func aKeyAfterAQuietSpellSeesTheTimeItWasPressed() {
        let clock = ManualClock(now: Fixtures.now)
        var config = Fixtures.config
        config.bannerKeyGrace = 0.4
        let backend = TestBackend()
        let inbox = MessageQueue()
        let program = UIProgram(model: AppModel(config: config), backend: backend, inbox: inbox,
                                clock: { clock.now() }, perform: { _ in })
        program.start()
        for (id, app) in [(30, "com.example.messages"), (31, "com.example.calendar")] {
            inbox.send(.event(.delivered(Fixtures.record(Int64(id), app: app, title: "T\(id)", category: ""),
                                         replacedDeliveryID: nil)))
        }
        program.step()
        #expect(program.model.banner.shown.count == 2)
        // The focused banner goes: the keys move to the other one by themselves, with a grace.
        let first = program.model.banner.focused!.deliveryID
        backend.events = [.key(.char("x"))]
        program.step()
        let second = program.model.banner.focused!.deliveryID
        #expect(second != first)
        clock.advance(by: 2)
        backend.events = [.key(.char("x"))]
        program.step()
        #expect(program.effectLog.contains(.respond(deliveryID: second, action: .dismiss)))
        #expect(program.model.status?.text.contains("keys moved") != true)
    }

    /// A banner stays while it is being replied to, however long; once the reply is closed and
    /// its time is over, it goes in the same frame — no timer would wake the loop for it later.
    @Test func aBannerWhoseTimeRanOutDuringAReplyGoesWhenTheReplyCloses() {
        let clock = ManualClock(now: Fixtures.now)
        let backend = TestBackend()
        let inbox = MessageQueue()
        let program = UIProgram(model: AppModel(config: Fixtures.config), backend: backend, inbox: inbox,
                                clock: { clock.now() }, perform: { _ in })
        program.start()
        inbox.send(.appsLoaded([Fixtures.messages]))
        inbox.send(.event(.delivered(Fixtures.record(50, title: "Carol", body: "Dinner?"), replacedDeliveryID: nil)))
        program.step()
        backend.events = [.key(.char("r"))]
        program.step()
        guard case .input? = program.model.overlay else {
            Issue.record("no reply line: \(String(describing: program.model.overlay))")
            return
        }
        clock.advance(by: 30)
        program.step()
        #expect(program.model.banner.shown.count == 1, "the banner waits for the reply")
        backend.events = [.key(.escape)]
        program.step()
        #expect(program.model.overlay == nil)
        #expect(program.model.banner.shown.isEmpty)
        #expect(program.model.nextTimer.map { $0 > clock.now() } == true)
    }
}
