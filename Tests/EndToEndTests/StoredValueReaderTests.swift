import Foundation
import HeraldCore
import HeraldStore
import Testing
import TestSupport

extension EndToEnd {
/// Readers of the state directory never trap on what an older build let in:
/// `herald pending` once died with SIGILL on a stored `timeInterval` of 1e300.
@Suite struct StoredValueReaderTests {
    @Test func pendingListsAnIntervalTooLargeForAnInteger() async throws {
        let home = try TemporaryDirectory("herald-reader")
        defer { home.remove() }
        let store = try SQLiteStore(home: HeraldHome(path: home.path))
        let request = RequestRecord(identifier: "far", content: ContentRecord(title: "Far"),
                                    trigger: .timeInterval(seconds: 1e300, repeats: false))
        try store.savePending(PendingRecord(bundleIdentifier: "com.example.old", request: request,
                                            scheduledAt: Date(), nextFireDate: .distantFuture))
        let result = try await runProgram(BuiltProducts.path("herald"), ["--home", home.path, "pending"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("after 1e+300 s"), "\(result.stdout)")
    }
}
}
