import Foundation
import HeraldCore
import Testing
@testable import HeraldUI

/// A notification arriving never pushes the rows on screen down once the list fills its pane:
/// it collects above them, the list title says "↑ N new", and `k` / `g` bring it into view.
@Suite struct ListAnchorTests {
    /// `count` notifications, one thread each (one row each), newest (highest id) first.
    static func rows(_ count: Int) -> [DeliveredRecord] {
        (1...count).reversed().map { Fixtures.record(Int64($0), title: "Row \($0)", thread: "t\($0)", minutesAgo: Double(100 - $0)) }
    }

    /// A new notification; list-only by default, so no banner covers the rows the tests compare.
    static func arrival(_ id: Int64, thread: String? = nil,
                        presentation: UNNotificationPresentationOptions = [.list]) -> Msg {
        .event(.delivered(Fixtures.record(id, title: "New \(id)", body: "Just now", thread: thread ?? "n\(id)",
                                          presentation: presentation), replacedDeliveryID: nil))
    }

    /// The text of the list pane's rows.
    static func listLines(_ model: AppModel) -> [String] {
        let list = Layout(model).list
        let lines = model.view().lines
        return (list.y..<list.maxY).map { String(lines[$0].dropFirst(list.x)) }
    }

    static func titleLine(_ model: AppModel) -> String { model.view().lines[Layout(model).listTitle.y] }

    @Test func aFullListKeepsItsRowsStillAndCountsTheArrival() {
        var model = Fixtures.model(history: Self.rows(30))
        #expect(Layout(model).list.height < 30)
        let before = Self.listLines(model)
        _ = model.update(Self.arrival(100))
        _ = model.update(batch: Fixtures.countsChanged(Self.rows(31)))   // the center's count
        #expect(Self.listLines(model) == before)
        #expect(model.listScroll == 1)
        #expect(model.arrivalsAbove == 1)
        #expect(model.selectedDeliveryID == 30)
        #expect(Self.titleLine(model).contains("All notifications  ↑ 1 new"))
        #expect(Self.titleLine(model).hasSuffix(" 31 "))

        _ = model.update(Self.arrival(101))
        #expect(Self.listLines(model) == before)
        #expect(Self.titleLine(model).contains("↑ 2 new"))
    }

    /// With a banner: the rows under it are the same as before, the banner covers them.
    @Test func aBannerArrivalAnchorsTheListToo() {
        var model = Fixtures.model(history: Self.rows(30))
        let before = Self.listLines(model)
        _ = model.update(Self.arrival(100, presentation: [.banner, .list]))
        #expect(model.banner.current?.deliveryID == 100)
        #expect(model.listScroll == 1)
        let frame = model.bannerWidget().map { $0.frame(in: Layout(model).screen) }
        let below = (frame?.maxY ?? 0) - Layout(model).list.y
        #expect(Array(Self.listLines(model).dropFirst(below)) == Array(before.dropFirst(below)))
    }

    @Test func aListThatFitsShowsTheArrivalFirst() {
        var model = Fixtures.model(history: Self.rows(3))
        _ = model.update(Self.arrival(100))
        #expect(model.listScroll == 0)
        #expect(model.arrivalsAbove == 0)
        #expect(Self.listLines(model)[0].contains("New 100"))
        #expect(!Self.titleLine(model).contains("new"))
    }

    @Test func movingUpFromTheTopRowShowsTheArrivalAndClearsTheCount() {
        var model = Fixtures.model(history: Self.rows(30))
        _ = model.send(Self.arrival(100), Self.arrival(101))
        #expect(model.listScroll == 2)
        _ = model.update(.key(.char("k")))
        #expect(model.selectedDeliveryID == 100)
        #expect(model.listScroll == 1)
        #expect(model.arrivalsAbove == 2)
        _ = model.update(.key(.char("k")))
        #expect(model.listScroll == 0)
        #expect(model.arrivalsAbove == 0)
        #expect(Self.listLines(model)[0].contains("New 101"))
        #expect(!Self.titleLine(model).contains("↑"))
    }

    @Test func gJumpsToTheArrivals() {
        var model = Fixtures.model(history: Self.rows(30))
        _ = model.update(Self.arrival(100))
        _ = model.update(.key(.char("g")))
        #expect(model.selectedDeliveryID == 100)
        #expect(model.listScroll == 0)
        #expect(model.arrivalsAbove == 0)
    }

    @Test func aScrolledListStaysWhereItWas() {
        var model = Fixtures.model(history: Self.rows(30))
        _ = model.update(.key(.char("G")))
        let scroll = model.listScroll
        #expect(scroll > 0)
        let before = Self.listLines(model)
        _ = model.update(Self.arrival(100))
        #expect(model.listScroll == scroll + 1)
        #expect(Self.listLines(model) == before)
        #expect(model.arrivalsAbove == 1)
    }

    /// The new notification joins the thread of a visible row: that row goes to the top, the rows
    /// above it stay, the rows below it move up into its place.
    @Test func anArrivalInAVisibleThreadLeavesTheRowsAboveIt() {
        var model = Fixtures.model(history: Self.rows(30))
        let before = Self.listLines(model)
        _ = model.update(Self.arrival(100, thread: "t27"))   // the fourth row's thread
        let after = Self.listLines(model)
        #expect(Array(after.prefix(3)) == Array(before.prefix(3)))
        #expect(Array(after.dropFirst(3).dropLast()) == Array(before.dropFirst(4)))
        #expect(model.arrivalsAbove == 1)
    }

    /// When the arrival joins the selected row's thread, the selection goes with it to the top.
    @Test func theSelectionFollowsItsThread() {
        var model = Fixtures.model(history: Self.rows(30))
        _ = model.update(.key(.char("j")))
        #expect(model.selectedDeliveryID == 29)
        _ = model.update(Self.arrival(100, thread: "t29"))
        #expect(model.listScroll == 0)
        #expect(model.selectedRowIndex(in: model.listRows) == 0)
        #expect(model.arrivalsAbove == 0)
    }
}
