import Foundation
import HeraldCore
import Testing
@testable import HeraldUI

/// Golden buffers for the clusters terminals draw as one: a VS16 sequence is two columns, a ZWJ
/// sequence one two-column cluster, a flag two columns, a keycap two columns; truncation and
/// wrapping never cut one, and a banner holding them keeps its right border straight.
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

    /// The README's 80×24 with a banner whose text is full of clusters: every row of the banner
    /// ends in its border at the same column, and the column right of it is blank (the list
    /// underneath never shows through).
    @Test func aBannerFullOfClustersKeepsItsRightEdge() {
        var model = Fixtures.model()
        let text = Self.clusters.joined(separator: " ") + " " + Self.clusters.joined()
        _ = model.update(.event(.delivered(Fixtures.record(10, title: "Family " + Self.clusters.joined(), body: text + " " + text),
                                           replacedDeliveryID: nil)))
        let screen = model.view()
        guard let widget = model.bannerWidget() else {
            Issue.record("no banner")
            return
        }
        let frame = widget.frame(in: Rect(width: 80, height: 24))
        for y in frame.y..<frame.maxY {
            let edge = screen[frame.maxX - 1, y].symbol
            #expect(["│", "╮", "╯"].contains(edge), "row \(y): \(edge)")
            #expect(screen[frame.maxX, y].symbol == " ", "row \(y) shows \(screen[frame.maxX, y].symbol) beside the banner")
        }
    }
}
