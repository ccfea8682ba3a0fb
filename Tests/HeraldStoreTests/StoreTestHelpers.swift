import Foundation
import HeraldCore
@testable import HeraldStore
import TestSupport

/// A temporary Herald home with a store open on it; `remove()` deletes everything.
struct StoreFixture {
    let directory: TemporaryDirectory
    let home: HeraldHome

    init(_ name: String = "herald-store") throws {
        directory = try TemporaryDirectory(name)
        home = HeraldHome(path: directory.path + "/home")
    }

    /// Opens (creating) a store on the fixture's home; retention does not run on open (the fixtures are dated 2025).
    func open(_ options: SQLiteStoreOptions = SQLiteStoreOptions(synchronous: .normal, applyRetentionOnOpen: false)) throws -> SQLiteStore {
        try SQLiteStore(home: home, options: options)
    }

    func remove() { directory.remove() }
}
