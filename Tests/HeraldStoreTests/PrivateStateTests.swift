import Foundation
import HeraldCore
import HeraldStore
import Testing
import TestSupport

/// The state directory is 0700 and the database files 0600, even when they
/// already existed with wider modes; a directory shared on purpose is refused with a message.
@Suite struct PrivateStateTests {
    private func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func anExistingOpenDirectoryAndDatabaseAreTightened() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let home = HeraldHome(path: directory.path + "/herald")
        try FileManager.default.createDirectory(atPath: home.url.path, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home.url.path)
        do {
            let store = try SQLiteStore(home: home)
            try store.setValue(.string("x"), forKey: "k")
        }
        for file in ["herald.sqlite", "herald.sqlite-wal"] {
            let path = home.url.appendingPathComponent(file).path
            if FileManager.default.fileExists(atPath: path) {
                try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
            }
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home.url.path)

        let store = try SQLiteStore(home: home)
        try store.setValue(.string("y"), forKey: "k")
        #expect(try mode(home.url.path) == 0o700)
        #expect(try mode(home.attachmentsDirectory.path) == 0o700)
        for file in ["herald.sqlite", "herald.sqlite-wal", "herald.sqlite-shm"] {
            let path = home.url.appendingPathComponent(file).path
            guard FileManager.default.fileExists(atPath: path) else { continue }
            #expect(try mode(path) == 0o600, "\(file)")
        }
    }

    @Test func aNewDatabaseIsCreatedPrivate() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let home = HeraldHome(path: directory.path + "/fresh")
        let store = try SQLiteStore(home: home)
        try store.setValue(.string("x"), forKey: "k")
        #expect(try mode(home.databaseURL.path) == 0o600)
        #expect(try mode(home.databaseURL.path + "-wal") == 0o600)
    }

    @Test func aSharedStickyDirectoryIsRefusedWithAMessage() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let shared = directory.path + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: shared)
        do {
            try HeraldHome(path: shared).create()
            Issue.record("a world-writable sticky directory was accepted as a state directory")
        } catch let error as StoreError {
            #expect("\(error)".contains("shared with other users"), "\(error)")
        }
        #expect(try mode(shared) == 0o1777)   // left as it was
    }
}
