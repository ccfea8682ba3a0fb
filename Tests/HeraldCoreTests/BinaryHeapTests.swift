import Testing
import TestSupport
@testable import HeraldCore

/// `popAll` returns what popping one by one would, on both of its paths (a few due, many due).
@Suite struct BinaryHeapTests {
    @Test(arguments: [1, 2, 3])
    func popAllMatchesPoppingOneByOne(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for size in [0, 1, 2, 10, 100, 1000] {
            for bound in [-1, 0, 5, 50, 500, 10_000] {
                let values = (0..<size).map { _ in Int(generator.next() % 1000) }
                var bulk = BinaryHeap(values)
                var single = BinaryHeap(values)
                var expected: [Int] = []
                while let top = single.min, top <= bound { expected.append(single.popMin()!) }
                #expect(bulk.popAll { $0 <= bound } == expected)
                var rest: [Int] = []
                while let top = bulk.popMin() { rest.append(top) }
                #expect(rest == values.filter { $0 > bound }.sorted())
            }
        }
    }
}
