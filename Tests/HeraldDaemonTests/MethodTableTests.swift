import Foundation
@testable import HeraldDaemon
import Testing
import TestSupport

/// The daemon serves each request as its declaration (`Method`, HeraldWire's `Methods/`) says:
/// the declaration alone decides which requests have no deadline and which add a notification
/// (their commits grouped), and every request served is in docs/PROTOCOL.md.
@Suite struct MethodTableTests {
    @Test func theDispatcherTakesEachRequestsTraitsFromItsDeclaration() {
        let table = RequestDispatcher.standard
        #expect(table.methodNames.filter { table.entry(for: $0)?.hasDeadline == false } == ["requestAuthorization", "wait"])
        #expect(table.methodNames.filter { table.entry(for: $0)?.addsNotification == true } == ["add", "post", "push"])
    }

    @Test func everyRequestServedIsDocumented() throws {
        let text = try String(contentsOf: BuiltProducts.packageRoot.appendingPathComponent("docs/PROTOCOL.md"), encoding: .utf8)
        let names = RequestDispatcher.standard.methodNames
        #expect(names.count >= 46)
        #expect(names.filter { !text.contains("\"method\":\"\($0)\"") } == [])
    }
}
