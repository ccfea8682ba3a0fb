import Testing
import TestSupport
@testable import HeraldCore

/// Checks the row table (and its hash index) against a dictionary under random operations:
/// growth, tombstones, reuse of removed row numbers, and emptying.
@Suite struct IdentifiedRowsTests {
    struct Row: IdentifiedRow, Equatable {
        var identifier: String
        var value: Int
    }

    @Test(arguments: [1, 2, 3])
    func matchesADictionary(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var rows = IdentifiedRows<Row>()
        var model: [String: Int] = [:]
        for step in 0..<20_000 {
            // Phases of growth and shrinking, so the table empties and refills.
            let keySpace = step % 5_000 < 2_500 ? 600 : 40
            let identifier = "id\(generator.next() % UInt64(keySpace))"
            if generator.next() % 3 == 0 {
                let removed = rows.remove(identifier)
                #expect(removed?.value == model.removeValue(forKey: identifier))
            } else {
                let value = Int(generator.next() % 1000)
                let (number, replaced) = rows.upsert(Row(identifier: identifier, value: value))
                #expect(replaced?.value == model.updateValue(value, forKey: identifier))
                #expect(rows.row(at: number) == Row(identifier: identifier, value: value))
            }
            #expect(rows.count == model.count)
        }
        for (identifier, value) in model {
            #expect(rows.row(identifier)?.value == value)
            #expect(rows.number(of: identifier).flatMap { rows.row(at: $0) }?.value == value)
        }
        #expect(Set(rows.rows.map(\.identifier)) == Set(model.keys))
    }

    @Test func aRemovedRowsNumberIsReused() {
        var rows = IdentifiedRows<Row>()
        rows.upsert(Row(identifier: "a", value: 1))
        let b = rows.upsert(Row(identifier: "b", value: 2)).number
        rows.remove("b")
        #expect(rows.row(at: b) == nil)
        #expect(rows.upsert(Row(identifier: "c", value: 3)).number == b)
        #expect(rows.row("b") == nil)
    }
}
