import Foundation
import HeraldCore
import Synchronization
import TerminalKit
import Testing
@testable import HeraldUI

/// The key grace protects a press meant for the banner that just went, nothing more: it counts
/// from the moment the press is read, it lets through keys the banner that went did not take,
/// and its "press again" message goes once the press acted.
@Suite struct KeyGraceTests {
    func delivered(_ record: DeliveredRecord) -> Msg { .event(.delivered(record, replacedDeliveryID: nil)) }
    static var config: UIConfiguration {
        var config = Fixtures.config
        config.bannerKeyGrace = 0.4
        config.maxBanners = 1
        return config
    }

    /// A clock the test moves by hand.
    final class Clock: Sendable {
        private let date = Mutex(Fixtures.now)
        var now: Date { date.withLock { $0 } }
        func advance(by seconds: TimeInterval) { date.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    /// The older banner times out; the next one has been alone on screen for half a second when
    /// `1` is pressed — more than the grace — so it acts, though the UI's last tick was earlier.
    @Test func theGraceCountsToTheMomentTheKeyIsRead() {
        let clock = Clock()
        let backend = TestBackend(width: 80, height: 24)
        let inbox = MessageQueue()
        let collector = EffectCollector()
        var model = AppModel(width: 80, height: 24, now: Fixtures.now, config: Self.config)
        _ = model.update(.appsLoaded([Fixtures.messages, Fixtures.calendar]))
        let program = UIProgram(model: model, backend: backend, inbox: inbox, clock: { clock.now },
                                perform: { collector.append($0) })
        program.start()
        inbox.send(delivered(Fixtures.record(10, app: "com.example.calendar", title: "Standup", category: "INVITE")))
        inbox.send(delivered(Fixtures.record(11, title: "Bob", body: "Lunch?")))
        program.step()
        #expect(program.model.banner.focused?.deliveryID == 10)
        clock.advance(by: 5)             // the invitation times out; Bob's banner takes the keys
        program.step()
        #expect(program.model.banner.focused?.deliveryID == 11)
        clock.advance(by: 0.3)
        program.step()                   // a quiet frame: the clock ticks
        clock.advance(by: 0.2)           // 0.5 s after the keys moved, less than a tick later
        backend.events = [.key(.char("1"))]
        program.step()
        #expect(program.model.status?.text.contains("press again") != true)
        #expect(collector.take().contains(.respond(deliveryID: 11, action: .action("LIKE"))))
    }

    /// `r` right after a banner without a reply action went cannot have been meant for it.
    @Test func aKeyTheBannerThatWentDidNotTakeActsAtOnce() {
        var model = Fixtures.model()
        model.config.bannerKeyGrace = 0.4
        _ = model.update(delivered(Fixtures.record(10, app: "com.example.calendar", title: "Standup", category: "INVITE")))
        _ = model.update(delivered(Fixtures.record(11, title: "Bob", body: "Lunch?")))
        #expect(model.update(.key(.char("2"))) == [.respond(deliveryID: 10, action: .action("DECLINE"))])
        #expect(model.banner.focused?.deliveryID == 11)
        _ = model.update(.key(.char("r")))        // the invitation had no reply: this is for Bob
        guard case .input(let input)? = model.overlay, case .reply(11, _, _, _) = input.purpose else {
            Issue.record("r did not open the reply to Bob; status: \(model.status?.text ?? "-")")
            return
        }
    }

    /// After "press again", the press that acts takes the message away.
    @Test func thePressAgainMessageGoesOnceThePressActs() {
        var model = Fixtures.model()
        model.config.bannerKeyGrace = 0.4
        _ = model.update(delivered(Fixtures.record(10, app: "com.example.calendar", title: "Standup", category: "INVITE")))
        _ = model.update(delivered(Fixtures.record(11, app: "com.example.calendar", title: "Review", category: "INVITE")))
        #expect(model.update(.key(.char("1"))) == [.respond(deliveryID: 10, action: .action("ACCEPT"))])
        #expect(model.update(.key(.char("1"))).isEmpty)
        #expect(model.status?.text == "The keys moved to this banner — press again to act on it")
        #expect(model.update(.key(.char("1"))) == [.respond(deliveryID: 11, action: .action("ACCEPT"))])
        #expect(model.status == nil)
    }
}
