import Foundation
import HeraldCore
import Testing
import TerminalKit
import TestSupport
@testable import HeraldUI

/// `o`'s three ways: a desktop viewer, the pager in the terminal, or the path to copy.
@Suite struct AttachmentOpenerTests {
    let photo = Fixtures.photo
    let notes = AttachmentRecord(identifier: "notes", path: "/tmp/notes.txt", type: "public.plain-text", size: 12,
                                 fileName: "notes.txt")

    @Test func aDesktopUsesXdgOpen() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let xdgOpen = directory.url.appendingPathComponent("xdg-open").path
        _ = FileManager.default.createFile(atPath: xdgOpen, contents: Data("#!/bin/sh\n".utf8),
                                       attributes: [.posixPermissions: 0o755])
        let plan = AttachmentOpener.plan(for: photo, environment: ["WAYLAND_DISPLAY": "wayland-0", "PATH": directory.path])
        #expect(plan == .desktop([xdgOpen, "/tmp/photo.png"]))
    }

    @Test func textGoesToThePagerWithoutADesktop() {
        let plan = AttachmentOpener.plan(for: notes, environment: ["PAGER": "more", "PATH": "/nonexistent"])
        #expect(plan == .pager(["/bin/sh", "-c", "more \"$1\"", "sh", "/tmp/notes.txt"]))
    }

    @Test func otherwiseThePathToCopy() {
        let plan = AttachmentOpener.plan(for: photo, environment: ["PATH": "/nonexistent"])
        #expect(plan == .message("photo.png is at /tmp/photo.png (no desktop: DISPLAY/WAYLAND_DISPLAY unset)"))
    }

    @Test func thePagerGetsTheTerminal() throws {
        let backend = TestBackend(width: 80, height: 24)
        let inbox = MessageQueue()
        let program = UIProgram(model: Fixtures.model(history: [Fixtures.record(1, attachments: [notes])]),
                                backend: backend, inbox: inbox, clock: { Fixtures.now }, perform: { _ in })
        program.environment = ["PAGER": "true", "PATH": "/usr/bin:/bin"]
        program.start()
        backend.events = [.key(.char("o"))]
        program.step()
        #expect(backend.suspensions == 1)
        #expect(program.effectLog.contains(.openAttachment(notes)))
    }

    @Test func withoutAPagerTheStatusLineSaysWhereTheFileIs() {
        let backend = TestBackend(width: 100, height: 24)
        let inbox = MessageQueue()
        let program = UIProgram(model: Fixtures.model(width: 100, history: [Fixtures.record(1, attachments: [photo])]),
                                backend: backend, inbox: inbox, clock: { Fixtures.now }, perform: { _ in })
        program.environment = ["PATH": "/nonexistent"]
        program.start()
        backend.events = [.key(.char("o"))]
        program.step()
        program.step()
        #expect(backend.screen.lines.joined().contains("photo.png is at /tmp/photo.png"))
    }
}
