import Foundation
import HeraldCore
import TerminalKit
import Testing
@testable import HeraldUI

/// A banner full of the clusters terminals draw as one keeps its right border straight, and
/// the list underneath never shows beside it (TerminalKitTests' `GraphemeClusterTests` covers
/// each cluster in a buffer).
@Suite struct BannerEdgeTests {
    static let clusters = ["❤️", "👨‍👩‍👧‍👦", "🇩🇪", "1️⃣", "👍🏽"]

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
