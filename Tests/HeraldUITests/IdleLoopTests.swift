import Foundation
import HeraldCore
import Synchronization
import TerminalKit
import Testing
@testable import HeraldUI

/// A program on a `TestBackend` and a manual clock. Each time the loop sleeps, the whole
/// timeout it asked for passes on the clock — unless `during` has something happen sooner (a
/// message after so many seconds). At `quitAt` the person types `q`.
final class SleepingProgram {
    let clock = ManualClock(now: Fixtures.now)   // 14:05:00
    let backend = TestBackend()
    let inbox = MessageQueue()
    let program: UIProgram
    let quitAt: Date
    /// What happens during the n-th sleep (0-based): after how many seconds, and what.
    var during: [Int: (seconds: TimeInterval, what: () -> Void)] = [:]

    init(idleSeconds: TimeInterval, config: UIConfiguration = Fixtures.config) {
        quitAt = clock.now().addingTimeInterval(idleSeconds)
        let clock = self.clock
        program = UIProgram(model: AppModel(config: config), backend: backend, inbox: inbox,
                            clock: { clock.now() }, perform: { _ in })
        backend.onWait = { [unowned self] timeout in self.sleep(timeout) }
    }

    private func sleep(_ timeout: Int?) {
        guard let timeout else {
            Issue.record("the loop slept without a timeout: the header clock would stop")
            backend.events.append(.key(.char("q")))
            return
        }
        if let (seconds, what) = during[backend.waits.count - 1] {
            clock.advance(by: seconds)
            what()
        } else {
            clock.advance(by: Double(timeout) / 1000)
        }
        if clock.now() >= quitAt { backend.events.append(.key(.char("q"))) }
    }

    /// The sleeps' timeouts in milliseconds.
    var waits: [Int?] { backend.waits }
}

/// The loop sleeps until something needs it: a key or a message, or a timer of the model (a
/// banner's time, a status message, the header clock's minute) — never on a fixed frame.
@Suite struct IdleLoopTests {
    @Test func anIdleUIWakesOnlyWhenTheClockTurnsAMinute() {
        let idle = SleepingProgram(idleSeconds: 300)
        idle.program.run()
        #expect(idle.program.model.quitRequested)
        #expect(idle.waits == Array(repeating: 60_000, count: 5), "an idle UI slept \(idle.waits.count) times in five minutes")
        #expect(idle.program.wakeUps == 5)
        #expect(idle.backend.screen.lines[0].contains("14:10"))
    }

    @Test func eachTimerWakesTheLoopOnceWhenItIsDue() {
        let idle = SleepingProgram(idleSeconds: 60)
        let record = Fixtures.record(40, title: "Build", body: "green", category: "")
        // At 14:05:10 a notification arrives (its banner stays 5 s) and a command answers (its
        // status stays 6 s).
        idle.during[0] = (10, {
            idle.inbox.send(.event(.delivered(record, replacedDeliveryID: nil)))
            idle.inbox.send(.commandResult("Invited Bob"))
        })
        idle.during[1] = (5, { #expect(idle.backend.screen.lines.joined().contains("Build")) })
        idle.during[2] = (1, {
            #expect(!idle.backend.screen.lines.joined().contains("╭─"), "the banner went at 14:05:15")
            #expect(idle.program.model.status?.text == "Invited Bob")
        })
        idle.program.run()
        #expect(idle.waits == [60_000, 5_000, 1_000, 44_000])
        #expect(idle.program.model.status == nil)
        #expect(idle.program.model.banner.shown.isEmpty)
    }

    @Test func aClockSetBackIsShownAtTheNextWakeUp() {
        let idle = SleepingProgram(idleSeconds: 3_600)
        idle.during[0] = (-3_600 + 30, {})   // the wall clock goes back an hour, at 14:05:30
        idle.during[1] = (1, {
            #expect(idle.backend.screen.lines[0].contains("13:05"), "the header follows the clock back")
            idle.backend.events = [.key(.char("q"))]
        })
        idle.program.run()
        #expect(idle.waits == [60_000, 30_000], "then it sleeps until 13:06")
    }

    @Test func aTerminalThatHangsUpEndsTheLoop() {
        let idle = SleepingProgram(idleSeconds: 3_600)
        idle.backend.onWait = { [unowned idle] _ in idle.backend.events = [.hangUp] }
        idle.program.run()
        #expect(idle.program.terminalClosed)
        #expect(!idle.program.model.quitRequested)
        #expect(idle.waits.count == 1)
    }

    @Test func aMessageWakesTheLoopThroughTheInboxDescriptor() {
        let inbox = MessageQueue()
        #expect(inbox.canWake)
        #expect(!readable(inbox.wakeDescriptor))
        for i in 0..<1_000 { inbox.log("line \(i)") }
        #expect(readable(inbox.wakeDescriptor))
        #expect(inbox.drain().count == 1_000)
        #expect(!readable(inbox.wakeDescriptor), "taking the messages takes their wake-up")
        inbox.wake()
        #expect(readable(inbox.wakeDescriptor))
        #expect(inbox.drain().isEmpty)
    }

    @Test func forwardedStreamsReachTheInboxUntilItCloses() async {
        let inbox = MessageQueue()
        let (stream, continuation) = AsyncStream<String>.makeStream()
        let ended = Atomic<Bool>(false)
        continuation.onTermination = { _ in ended.store(true, ordering: .relaxed) }
        inbox.forward(stream) { .log($0) }
        continuation.yield("first")
        await waitUntil { readable(inbox.wakeDescriptor) }
        let lines = inbox.drain().compactMap { msg -> String? in if case .log(let line) = msg { line } else { nil } }
        #expect(lines == ["first"])
        inbox.close()
        await waitUntil { ended.load(ordering: .relaxed) }
        let stoppedReading = ended.load(ordering: .relaxed)
        #expect(stoppedReading, "a closed inbox stops reading what it forwarded")
    }

    /// Whether `descriptor` has something to read, now.
    func readable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1
    }

    /// Waits (yielding) until `condition` holds, at most a generous while.
    func waitUntil(_ condition: () -> Bool) async {
        for _ in 0..<10_000 where !condition() { try? await Task.sleep(nanoseconds: 1_000_000) }
    }
}
