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

    /// The index hashes ASCII identifiers itself; strings that `==` one of them (canonical
    /// equivalence: KELVIN SIGN is "K") must find the same row, as in a dictionary.
    @Test func equalStringsAreOneIdentifier() {
        var rows = IdentifiedRows<Row>()
        let pairs = [("K", "\u{212A}"), ("a;b", "a\u{037E}b"), ("x`", "x\u{1FEF}"), ("caf\u{E9}", "cafe\u{301}"),
                     ("a-much-longer-identifier-K", "a-much-longer-identifier-\u{212A}")]
        for (plain, other) in pairs {
            #expect(plain == other)
            #expect(IdentifierIndex.hash(plain) == IdentifierIndex.hash(other))
            rows.upsert(Row(identifier: plain, value: 1))
            #expect(rows.upsert(Row(identifier: other, value: 2)).replaced?.value == 1)
            #expect(rows.row(plain)?.value == 2)
        }
        #expect(rows.count == pairs.count)
        #expect(IdentifierIndex.hash("K") != IdentifierIndex.hash("k") || IdentifierIndex.hash("a") != IdentifierIndex.hash("b"))
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
