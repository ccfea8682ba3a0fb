import Foundation
import Testing
@testable import HeraldCore

/// One app's part of the in-memory store: a fire takes the pending row out (only when asked)
/// and says whether a delivery of the identifier is still listed, in one call.
@Suite struct InMemoryAppTablesTests {
    private static func row(_ identifier: String) -> PendingRow {
        let date = Date(timeIntervalSince1970: 0)
        return PendingRow(PendingRecord(bundleIdentifier: "a", request: RequestRecord(identifier: identifier, content: ContentRecord()),
                                        scheduledAt: date, nextFireDate: date))
    }

    @Test func aFireTakesThePendingRowOnlyWhenAsked() {
        var tables = InMemoryAppTables()
        tables.pending.upsert(Self.row("x"))
        let kept = tables.fire(HashedIdentifier("x"), removingPending: false)
        #expect(kept.removed == nil && !kept.isListed)
        #expect(tables.pending.count == 1)
        let taken = tables.fire(HashedIdentifier("x"), removingPending: true)
        #expect(taken.removed?.identifier == "x")
        #expect(tables.pending.count == 0)
        #expect(tables.fire(HashedIdentifier("x"), removingPending: true).removed == nil)
    }

    @Test func aFireSaysWhetherTheIdentifierIsListed() {
        var tables = InMemoryAppTables()
        tables.history.record(1, identifier: "x", isListed: true)
        tables.history.record(2, identifier: "y", isListed: false)
        #expect(tables.fire(HashedIdentifier("x"), removingPending: true).isListed)
        #expect(!tables.fire(HashedIdentifier("y"), removingPending: true).isListed)
        tables.history.unlist(1, identifier: "x")
        #expect(!tables.fire(HashedIdentifier("x"), removingPending: false).isListed)
        #expect(tables.history.ids == [1, 2])
    }
}
