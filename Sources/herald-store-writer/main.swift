import Foundation
import HeraldCore
import HeraldStore

// herald-store-writer HOME [--start N] [--count N]
//
// The child process of the kill -9 durability test (Tests/HeraldStoreTests/CrashTests.swift).
// Writes a stream of deliveries and pending requests to the store in HOME, in batches of
// varying size, and prints one line per acknowledged write *after* the store call returned
// (after the batch committed):
//
//     D <deliveryID> <identifier>     a delivered notification
//     P <identifier>                  a pending request
//
// Runs until killed, or until at least --count writes. Not installed; a test helper only.

let arguments = Array(CommandLine.arguments.dropFirst())
guard let homePath = arguments.first else {
    FileHandle.standardError.write(Data("usage: herald-store-writer HOME [--start N] [--count N]\n".utf8))
    exit(2)
}
@MainActor func intOption(_ name: String, _ fallback: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
          let value = Int(arguments[index + 1]) else { return fallback }
    return value
}
let start = intOption("--start", 0)
let count = intOption("--count", Int.max)

/// Writes straight to file descriptor 1: no buffering that a SIGKILL could lose or duplicate.
func acknowledge(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    var written = 0
    while written < bytes.count {
        let result = bytes[written...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        if result < 0 { if errno == EINTR { continue }; exit(1) }
        written += result
    }
}

do {
    let store = try SQLiteStore(home: HeraldHome(path: homePath),
                                options: SQLiteStoreOptions(retention: .unlimited, applyRetentionOnOpen: false))
    var sequence = start
    var generator = SystemRandomNumberGenerator()
    while sequence - start < count {
        let size = Int.random(in: 1...8, using: &generator)
        var acknowledged: [String] = []
        try store.batch {
            for _ in 0..<size {
                let identifier = "w\(sequence)"
                if sequence % 3 == 2 {
                    try store.savePending(PendingRecord(
                        bundleIdentifier: "com.example.writer",
                        request: RequestRecord(identifier: identifier,
                                               content: ContentRecord(title: "Pending \(sequence)"),
                                               trigger: .timeInterval(seconds: 3_600, repeats: false)),
                        scheduledAt: Date(), nextFireDate: Date().addingTimeInterval(3_600)))
                    acknowledged.append("P \(identifier)")
                } else {
                    let record = try store.insertDelivered(DeliveredRecord(
                        bundleIdentifier: "com.example.writer",
                        request: RequestRecord(identifier: identifier,
                                               content: ContentRecord(title: "Delivered \(sequence)",
                                                                      body: String(repeating: "x", count: 200))),
                        date: Date(), presentation: [.banner, .list]))
                    acknowledged.append("D \(record.deliveryID) \(identifier)")
                }
                sequence += 1
            }
        }
        // The batch has committed: only now are these acknowledged.
        for line in acknowledged { acknowledge(line) }
    }
} catch {
    FileHandle.standardError.write(Data("herald-store-writer: \(error)\n".utf8))
    exit(1)
}
