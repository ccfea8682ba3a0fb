import Foundation
import Testing
import TestSupport

/// The identifier `herald post` makes when `--id` is not given: a random version-4 UUID, written
/// as `UUID().uuidString` writes one, and the identifier the center keeps the request under.
@Suite("herald post's own request identifiers", .serialized)
struct PostIdentifierTests {
    @Test func aPostWithoutIDPrintsANewVersion4UUID() async throws {
        let daemon = try await DaemonFixture.start()
        defer { daemon.stopInBackground() }
        var seen: Set<String> = []
        for _ in 0..<3 {
            let posted = try await daemon.run(["post", "--new-app", "com.example.id", "--title", "Later", "--in", "600"])
            #expect(posted.status == 0)
            let identifier = posted.stdout.trimmingCharacters(in: .newlines)
            let uuid = try #require(UUID(uuidString: identifier), "\(identifier)")
            #expect(uuid.uuidString == identifier)   // upper case, 8-4-4-4-12
            #expect(uuid.uuid.6 >> 4 == 4)            // version 4
            #expect(uuid.uuid.8 >> 6 == 0b10)         // the RFC 4122 variant
            seen.insert(identifier)
        }
        #expect(seen.count == 3)
        let pending = try await daemon.run(["pending"])
        for identifier in seen { #expect(pending.stdout.contains(identifier), "\(pending.stdout)") }
    }
}
