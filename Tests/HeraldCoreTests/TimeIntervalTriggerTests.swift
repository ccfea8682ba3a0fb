import Foundation
import Testing
import HeraldCore

@Suite struct TimeIntervalTriggerTests {
    @Test func applesTrapMessagesInApplesOrder() {
        #expect(TimeIntervalTriggerRule.validate(interval: 30, repeats: true) == "time interval must be at least 60 if repeating")
        #expect(TimeIntervalTriggerRule.validate(interval: 0, repeats: true) == "time interval must be at least 60 if repeating")
        #expect(TimeIntervalTriggerRule.validate(interval: 0, repeats: false) == "time interval must be greater than 0")
        #expect(TimeIntervalTriggerRule.validate(interval: -1, repeats: false) == "time interval must be greater than 0")
        #expect(TimeIntervalTriggerRule.validate(interval: .nan, repeats: false) == "time interval must be greater than 0")
        #expect(TimeIntervalTriggerRule.validate(interval: .nan, repeats: true) == "time interval must be at least 60 if repeating")
        #expect(TimeIntervalTriggerRule.validate(interval: 60, repeats: true) == nil)
        #expect(TimeIntervalTriggerRule.validate(interval: 0.5, repeats: false) == nil)
    }

    @Test func oneShotFiresOnceAtScheduledPlusInterval() {
        let start = Date(timeIntervalSince1970: 1000)
        #expect(TimeIntervalTriggerRule.nextFireDate(scheduledAt: start, interval: 30, repeats: false, after: start)
                == start.addingTimeInterval(30))
        #expect(TimeIntervalTriggerRule.nextFireDate(scheduledAt: start, interval: 30, repeats: false,
                                                     after: start.addingTimeInterval(30)) == nil)
    }

    @Test func repeatingFiresAtEveryLaterMultiple() {
        let start = Date(timeIntervalSince1970: 1000)
        func next(_ elapsed: TimeInterval) -> TimeInterval? {
            TimeIntervalTriggerRule.nextFireDate(scheduledAt: start, interval: 60, repeats: true,
                                                 after: start.addingTimeInterval(elapsed))?.timeIntervalSince(start)
        }
        #expect(next(0) == 60)
        #expect(next(59.9) == 60)
        #expect(next(60) == 120)
        #expect(next(61) == 120)
        #expect(next(3599) == 3600)
        #expect(next(3600) == 3660)
    }

    @Test func triggerScheduleUsesTheRules() {
        let now = Date(timeIntervalSince1970: 0)
        #expect(TriggerSchedule.firstFireDate(.timeInterval(seconds: 5, repeats: false), scheduledAt: now)
                == Date(timeIntervalSince1970: 5))
        #expect(TriggerSchedule.firstFireDate(.location(RegionRecord(identifier: "r", latitude: 0, longitude: 0, radius: 1),
                                                        repeats: false), scheduledAt: now) == nil)
        let record = PendingRecord(bundleIdentifier: "a",
                                   request: RequestRecord(identifier: "x", content: ContentRecord(),
                                                          trigger: .timeInterval(seconds: 60, repeats: true)),
                                   scheduledAt: now, nextFireDate: nil)
        #expect(TriggerSchedule.nextFireDate(record, after: Date(timeIntervalSince1970: 130)) == Date(timeIntervalSince1970: 180))
    }
}
