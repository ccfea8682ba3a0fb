import Foundation
import Testing
import HeraldCore

/// `herald status --format`: placeholders, cuts, sections, braces and mistakes.
@Suite struct StatusTemplateTests {
    static let status: CenterStatus = {
        let record = DeliveredRecord(deliveryID: 42, bundleIdentifier: "make",
                                     request: RequestRecord(identifier: "b", content: ContentRecord(title: "Build failed")),
                                     date: Date(timeIntervalSince1970: 100), presentation: [.banner, .list])
        var mail = AppRecord(bundleIdentifier: "com.example.mail")
        mail.displayName = "Mail"
        return CenterStatus(apps: [mail], counts: ["com.example.mail": HistoryCounts(unread: 2, total: 9),
                                                   "make": HistoryCounts(unread: 1, total: 4),
                                                   "quiet": HistoryCounts(unread: 0, total: 3)],
                            focus: FocusStatus(name: "Work", endsAt: nil, isScheduled: false), newestUnread: record)
    }()

    func render(_ template: String, _ status: CenterStatus = status) throws -> String {
        try StatusTemplate(template).render(status) { text, width in width.map { String(text.prefix($0)) } ?? text }
    }

    @Test func placeholdersAreFilled() throws {
        #expect(try render("{unread}|{apps}|{focus}|{dnd}|{title}|{app}|{id}")
                == "3|Mail 2 · make 1|Work|on|Build failed|make|42")
        #expect(try render("{unread}|{apps}|{focus}|{dnd}|{title}|{app}|{id}", CenterStatus()) == "0|||off|||")
    }

    @Test func sectionsShowWhenTheirValueIsThere() throws {
        let template = "{?unread ✉ {unread}}{!unread ✓}{?focus  ☾ {focus}}"
        #expect(try render(template) == "✉ 3 ☾ Work")
        #expect(try render(template, CenterStatus()) == "✓")
        #expect(try render("{?dnd DND}{!dnd free}", CenterStatus()) == "free")
        #expect(try render("{?unread {?focus {focus}}}") == "Work")   // sections end together
    }

    @Test func widthsAndBracesAndOwnTextPassAsTheyAre() throws {
        #expect(try render("{{{title:5}}}") == "{Build}")
        var seen: [String] = []
        _ = try StatusTemplate("#[fg=red]{title} {unread}").render(Self.status) { text, _ in seen.append(text); return "<\(text)>" }
        #expect(seen == ["Build failed"])   // numbers and the template's text are not the center's
        #expect(try StatusTemplate("#[fg=red]{title}").render(Self.status) { text, _ in "<\(text)>" } == "#[fg=red]<Build failed>")
    }

    @Test(arguments: [
        ("{nope}", 1, "unknown placeholder {nope}"),
        ("ab {title", 4, "is not closed"),
        ("x}", 2, "closes nothing"),
        ("{?unread", 9, "a space comes after"),
        ("{?unread x", 11, "is not closed"),
        ("{title:0}", 1, "a width from 1 to 1000"),
        ("{title:x}", 1, "a width from 1 to 1000"),
    ])
    func mistakesNameTheColumn(template: String, column: Int, message: String) {
        #expect {
            try StatusTemplate(template)
        } throws: { error in
            guard let error = error as? StatusTemplateError else { return false }
            return error.column == column && error.message.contains(message)
        }
    }
}
