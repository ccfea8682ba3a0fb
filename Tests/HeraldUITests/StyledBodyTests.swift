import HeraldCore
import HeraldUI
import TerminalKit
import Testing

@Suite struct StyledBodyTests {
    @Test func runsKeepTheirStyleAcrossWrappedLines() {
        let styles = [BodyStyle(start: 0, length: 5, text: "Build", isBold: true),
                      BodyStyle(start: 10, length: 8, text: "the logs", link: "https://ci")]
        let lines = StyledBody.wrap("Build ok: the logs", styles: styles, width: 12)
        #expect(lines.map { $0.map(\.text).joined() } == ["Build ok:", "the logs"])
        #expect(lines[0].first?.text == "Build")
        #expect(lines[0].first?.style.attributes == .bold)
        #expect(lines[0].last?.style == .plain)
        #expect(lines[1].first?.style.attributes == .underline)   // a link is underlined
    }

    @Test func controlCharactersNeverReachTheLines() {
        let styles = [BodyStyle(start: 0, length: 3, text: "a\u{1B}b", isItalic: true)]
        let text = StyledBody.wrap("a\u{1B}b c", styles: styles, width: 20).flatMap { $0.map(\.text) }.joined()
        #expect(!text.contains("\u{1B}"))
        #expect(text == "ab c")
    }

    @Test func noStylesIsPlainWrap() {
        #expect(StyledBody.wrap("one two", styles: [], width: 3).map { $0.map(\.text).joined() } == ["one", "two"])
    }
}
