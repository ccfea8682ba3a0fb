import Foundation
import HeraldCore
import TerminalKit
import Testing
@testable import HeraldUI

/// The window shows history: notifications still in the notification list and those that left
/// it (expired, answered, dismissed, removed by their app). The difference shows: a row that
/// left the list is dim, and the details say so.
@Suite struct ListAndHistoryTests {
    @Test func aNotificationThatLeftTheListIsDrawnDimAndSaysSo() throws {
        var model = Fixtures.model()
        var expired = try #require(model.history.first { $0.deliveryID == 5 })
        let rowY = Layout(model).list.y + 1   // the second row: Team sync
        let before = model.view()
        let start = try #require(Self.column(of: "Team sync", in: before.lines[rowY]))
        #expect(!before[start, rowY].style.attributes.contains(.dim))
        expired.isRemovedFromList = true
        _ = model.update(.event(.updated(expired)))
        #expect(model.history.count == Fixtures.history.count)   // still in history
        let buffer = model.view()
        let title = buffer.lines[rowY]
        #expect(title.contains("Team sync"))
        let x = try #require(Self.column(of: "Team sync", in: title))
        #expect(buffer[x, rowY].style.attributes.contains(.dim))
        _ = model.update(.key(.char("j")))
        let screen = model.view().lines.joined(separator: "\n")
        #expect(screen.contains("left the list"))
    }

    @Test func aNotificationStillInTheListIsNotDim() throws {
        let model = Fixtures.model()
        let buffer = model.view()
        let rowY = Layout(model).list.y
        let x = try #require(Self.column(of: "Alice", in: buffer.lines[rowY]))
        #expect(!buffer[x, rowY].style.attributes.contains(.dim))
        #expect(!buffer.lines.joined().contains("left the list"))
    }

    /// The cell column where `text` starts in a drawn line (wide characters count two).
    static func column(of text: String, in line: String) -> Int? {
        guard let range = line.range(of: text) else { return nil }
        return DisplayWidth.of(String(line[..<range.lowerBound]))
    }
}
