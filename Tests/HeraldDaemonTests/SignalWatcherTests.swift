import Foundation
import HeraldSystem
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A signal is never lost once `SignalWatcher` is made: the daemon's stop by SIGTERM sent the
/// moment a client got its first answer depends on it. SIGWINCH and SIGURG are used because their
/// default action is to ignore them, so a lost one cannot end the test process; the tests run one
/// at a time because a second signal to a watcher ends the process, as it should.
@Suite("SignalWatcher", .serialized)
struct SignalWatcherTests {
    /// Waits up to 10 s for `count` to reach `expected`.
    private static func wait(for expected: Int, in count: borrowing Mutex<Int>) -> Int {
        let deadline = Date().addingTimeInterval(10)
        while count.withLock({ $0 }) < expected, Date() < deadline { usleep(1_000) }
        return count.withLock { $0 }
    }

    @Test("a signal sent the moment the watcher is made reaches its handler, every time")
    func signalSentAtOnceIsNotLost() {
        for round in 1...200 {
            let received = Mutex(0)
            let watcher = SignalWatcher(signals: [SIGWINCH]) { _ in received.withLock { $0 += 1 } }
            kill(getpid(), SIGWINCH)
            let count = Self.wait(for: 1, in: received)
            watcher.cancel()
            #expect(count == 1, "round \(round): the signal sent right after the watcher was made was lost")
            if count != 1 { return }
        }
    }

    @Test("two watchers of different signals each get only their own")
    func watchersGetTheirOwnSignals() {
        let winch = Mutex(0), urg = Mutex(0)
        let first = SignalWatcher(signals: [SIGWINCH]) { number in if number == SIGWINCH { winch.withLock { $0 += 1 } } }
        let second = SignalWatcher(signals: [SIGURG]) { number in if number == SIGURG { urg.withLock { $0 += 1 } } }
        defer { first.cancel(); second.cancel() }
        kill(getpid(), SIGURG)
        #expect(Self.wait(for: 1, in: urg) == 1)
        kill(getpid(), SIGWINCH)
        #expect(Self.wait(for: 1, in: winch) == 1)
        usleep(50_000)
        #expect(winch.withLock { $0 } == 1)
        #expect(urg.withLock { $0 } == 1)
    }

    @Test("firstSignal returns the number of the signal that came")
    func firstSignalReturnsTheNumber() async {
        let answer = Mutex<Int32?>(nil)
        let waiter = Task { let number = await SignalWatcher.firstSignal(of: [SIGURG]); answer.withLock { $0 = number } }
        // The watcher is made inside the task: keep sending until it answers (before it exists,
        // SIGURG is ignored by default).
        for _ in 0..<500 where answer.withLock({ $0 }) == nil {
            kill(getpid(), SIGURG)
            try? await Task.sleep(for: .milliseconds(20))
        }
        #expect(answer.withLock { $0 } == SIGURG)
        if answer.withLock({ $0 }) != nil { await waiter.value }
    }
}
