import Foundation
import HeraldCore
import TerminalKit
import Testing
@testable import HeraldUI

/// A frame's messages go through `update(batch:)`: a run of arrivals is anchored once, and the
/// result is the state the messages reach one by one — keys included, in their place.
@Suite struct FloodBatchTests {
    static func messages() -> [Msg] {
        var msgs: [Msg] = []
        for i in 1...120 {
            let record = Fixtures.record(Int64(1000 + i), app: i % 3 == 0 ? "com.example.calendar" : "com.example.ci",
                                         title: "Build \(i)", category: "", thread: "t\(i % 9)")
            msgs.append(.event(.delivered(record, replacedDeliveryID: nil)))
            if i % 25 == 0 { msgs.append(.key(.char("j"))) }
        }
        return msgs
    }

    @Test func aBatchReachesTheSameStateAsOneByOne() {
        let history = (1...40).map { Fixtures.record(Int64($0), title: "Row \($0)", thread: "r\($0)") }.reversed()
        var single = Fixtures.model(history: Array(history))
        for _ in 0..<30 { _ = single.update(.key(.char("j"))) }   // scrolled down: arrivals anchor
        var batched = single
        var singleEffects: [Effect] = []
        for msg in Self.messages() { singleEffects += single.update(msg) }
        let batchEffects = batched.update(batch: Self.messages())
        #expect(batchEffects == singleEffects)
        #expect(batched.history == single.history)
        #expect(batched.banner == single.banner)
        #expect(batched.selectedDeliveryID == single.selectedDeliveryID)
        #expect(batched.listScroll == single.listScroll)
        #expect(batched.arrivalsAbove == single.arrivalsAbove)
        #expect(batched.view() == single.view())
    }
}
