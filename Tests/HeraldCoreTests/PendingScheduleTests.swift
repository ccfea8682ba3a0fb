import Foundation
import Testing
import TestSupport
@testable import HeraldCore

/// Checks the heap-based schedule against a naive model under random operations.
@Suite struct PendingScheduleTests {
    struct Model {
        struct Item { var record: PendingRecord; var added: Int }
        var items: [String: Item] = [:]   // key: bundle/identifier
        var counter = 0
        let limit: Int

        mutating func insert(_ record: PendingRecord) {
            let key = record.bundleIdentifier + "/" + record.request.identifier
            counter += 1
            items[key] = Item(record: record, added: counter)
            let app = items.filter { $0.value.record.bundleIdentifier == record.bundleIdentifier }
            if app.count > limit {
                let victim = app.max { lhs, rhs in
                    let l = lhs.value, r = rhs.value
                    if l.record.nextFireDate! != r.record.nextFireDate! { return l.record.nextFireDate! < r.record.nextFireDate! }
                    return l.added < r.added
                }!
                items[victim.key] = nil
            }
        }

        mutating func takeDue(now: Date) -> [String] {
            let due = items.filter { $0.value.record.nextFireDate! <= now }
            var fired: [String] = []
            for (key, item) in due {
                fired.append(key)
                if item.record.request.trigger?.repeats == true,
                   let next = TriggerSchedule.nextFireDate(item.record, after: max(item.record.nextFireDate!, now)) {
                    items[key]?.record.nextFireDate = next
                } else {
                    items[key] = nil
                }
            }
            return fired.sorted()
        }

        func keys() -> [String] { items.keys.sorted() }
    }

    @Test(arguments: [1, 2, 3])
    func matchesANaiveModel(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let limit = 5
        var schedule = PendingSchedule(pendingLimit: limit, locationLimit: 2)
        var model = Model(limit: limit)
        var now = Date(timeIntervalSince1970: 0)
        for _ in 0..<3000 {
            let app = "app\(generator.next() % 3)"
            let identifier = "r\(generator.next() % 12)"
            switch generator.next() % 10 {
            case 0...5:
                let repeats = generator.next() % 4 == 0
                let interval = Double(60 + generator.next() % 600)
                let trigger = TriggerRecord.timeInterval(seconds: interval, repeats: repeats)
                let record = PendingRecord(bundleIdentifier: app,
                                           request: RequestRecord(identifier: identifier, content: ContentRecord(), trigger: trigger),
                                           scheduledAt: now, nextFireDate: now.addingTimeInterval(interval))
                _ = schedule.insert(record)
                model.items[app + "/" + identifier] = nil
                model.insert(record)
            case 6, 7:
                schedule.remove(PendingKey(bundleIdentifier: app, identifier: identifier))
                model.items[app + "/" + identifier] = nil
            default:
                now = now.addingTimeInterval(Double(generator.next() % 300))
                let fired = schedule.takeDue(now: now, nextDate: TriggerSchedule.nextFireDate)
                    .map { $0.record.bundleIdentifier + "/" + $0.record.request.identifier }.sorted()
                #expect(fired == model.takeDue(now: now))
            }
            let keys = schedule.keys.map { $0.bundleIdentifier + "/" + $0.identifier }.sorted()
            #expect(keys == model.keys())
            if keys != model.keys() { return }
        }
    }

    @Test func nextFireDateSkipsStaleItems() {
        var schedule = PendingSchedule(pendingLimit: 64, locationLimit: 20)
        func record(_ id: String, _ seconds: Double) -> PendingRecord {
            PendingRecord(bundleIdentifier: "a",
                          request: RequestRecord(identifier: id, content: ContentRecord(),
                                                 trigger: .timeInterval(seconds: seconds, repeats: false)),
                          scheduledAt: Date(timeIntervalSince1970: 0), nextFireDate: Date(timeIntervalSince1970: seconds))
        }
        _ = schedule.insert(record("x", 10))
        _ = schedule.insert(record("y", 20))
        _ = schedule.insert(record("x", 30))
        #expect(schedule.nextFireDate() == Date(timeIntervalSince1970: 20))
        schedule.remove(PendingKey(bundleIdentifier: "a", identifier: "y"))
        #expect(schedule.nextFireDate() == Date(timeIntervalSince1970: 30))
    }
}
