import Testing
@testable import TerminalKit

/// Golden buffers for the clusters terminals draw as one: a VS16 sequence is two columns, a ZWJ
/// sequence one two-column cluster, a flag two columns, a keycap two columns; truncation never
/// cuts one, and one that does not fit at the edge becomes a space.
@Suite struct GraphemeClusterTests {
    static let clusters = ["❤️", "👨‍👩‍👧‍👦", "🇩🇪", "1️⃣", "👍🏽"]

    @Test(arguments: clusters)
    func eachClusterTakesTwoCells(cluster: String) {
        var buffer = Buffer(width: 6, height: 1)
        #expect(buffer.setString(x: 0, y: 0, "a" + cluster + "b") == 4)
        #expect(buffer == Buffer(lines: ["a" + cluster + "b  "]))
        #expect(buffer[1, 0].symbol == cluster)
        #expect(buffer[2, 0].isContinuation)
        #expect(buffer[3, 0].symbol == "b")
    }

    @Test(arguments: clusters)
    func truncationNeverCutsACluster(cluster: String) {
        let text = String(repeating: cluster, count: 4)
        for width in 1...8 {
            let cut = TextLayout.truncate(text, to: width)
            #expect(DisplayWidth.of(cut) <= width)
            #expect(cut.dropLast(cut.hasSuffix("…") ? 1 : 0).allSatisfy { String($0) == cluster }, "\(width): \(cut)")
        }
    }

    @Test(arguments: clusters)
    func aClusterAtTheEdgeBecomesASpace(cluster: String) {
        var buffer = Buffer(width: 3, height: 1)
        buffer.setString(x: 0, y: 0, "ab" + cluster)
        #expect(buffer == Buffer(lines: ["ab "]))
    }
}
