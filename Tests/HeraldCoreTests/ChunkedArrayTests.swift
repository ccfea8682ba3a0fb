import Testing
@testable import HeraldCore

/// Appends across several chunks keep every element where it was put.
@Suite struct ChunkedArrayTests {
    @Test func elementsSurviveGrowthAcrossChunks() {
        var array = ChunkedArray<Int>()
        for value in 0..<10_000 { array.append(value * 3) }
        #expect(array.count == 10_000)
        #expect(array.indices.allSatisfy { array[$0] == $0 * 3 })
        array[4096] = -1
        #expect(array[4095] == 4095 * 3 && array[4096] == -1 && array[4097] == 4097 * 3)
    }
}
