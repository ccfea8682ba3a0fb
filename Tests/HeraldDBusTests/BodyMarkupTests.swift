import HeraldCore
import Testing
@testable import HeraldDBus

@Suite struct BodyMarkupTests {
    @Test func stylesAreRunsOfThePlainText() {
        let markup = BodyMarkup("<b>Build</b> &amp; <i>tests</i> <u>ok</u>")
        #expect(markup.text == "Build & tests ok")
        #expect(markup.styles.map(\.text) == ["Build", "tests", "ok"])
        #expect(markup.styles[0].isBold && markup.styles[0].start == 0 && markup.styles[0].length == 5)
        #expect(markup.styles[1].isItalic && markup.styles[1].start == 8)
        #expect(markup.styles[2].isUnderlined)
    }

    @Test func linksKeepTheirTextAndURL() {
        let markup = BodyMarkup("See <a href=\"https://ci.example/42?a=1&amp;b=2\">the log</a>.")
        #expect(markup.text == "See the log.")
        #expect(markup.styles.first?.link == "https://ci.example/42?a=1&b=2")
        #expect(NotificationTraits(bodyStyles: markup.styles).links.map(\.url) == ["https://ci.example/42?a=1&b=2"])
    }

    @Test func imagesBecomeTheirAltText() {
        #expect(BodyMarkup("Mood: <img src=\"/x.png\" alt=\"happy\"/>").text == "Mood: happy")
    }

    @Test func entitiesAreDecoded() {
        #expect(BodyMarkup("a &lt;b&gt; &quot;c&quot; &apos;d&apos; &#65;&#x42;").text == "a <b> \"c\" 'd' AB")
    }

    @Test(arguments: ["<b>unclosed", "<blink>x</blink>", "a < b", "<b><i>x</b></i>", "fish &chips;", "x </b>"])
    func brokenMarkupIsLiteralText(_ body: String) {
        let markup = BodyMarkup(body)
        #expect(markup.text == body)
        #expect(markup.styles.isEmpty)
    }

    @Test func plainTextIsUntouched() {
        #expect(BodyMarkup("no markup at all").text == "no markup at all")
    }

    /// Nesting is counted, not stacked: runs never overlap, so however deep the tags, the text
    /// the runs carry adds up to the body's at most.
    @Test func nestedTagsMakeRunsThatDoNotOverlap() {
        let deep = BodyMarkup(String(repeating: "<b>", count: 2000) + "deep" + String(repeating: "</b>", count: 2000))
        #expect(deep.text == "deep")
        #expect(deep.styles.map(\.text) == ["deep"])
        let mixed = BodyMarkup("<b>x<i>y</i>z</b>")
        #expect(mixed.styles.map(\.text) == ["x", "y", "z"])
        #expect(mixed.styles.map(\.isItalic) == [false, true, false])
        #expect(mixed.styles.allSatisfy { $0.isBold })
        #expect(BodyMarkup("<b>a</b><b>b</b>").styles.map(\.text) == ["ab"])
    }

    @Test func runsAreCappedAndLinksAreKeptFirst() {
        let body = "<a href=\"https://ci.example/run\">" + String(repeating: "<b>x</b>y", count: 1000) + "</a>"
        let markup = BodyMarkup(body)
        #expect(markup.styles.count == NotificationTraits.maximumBodyStyles)
        #expect(NotificationTraits(bodyStyles: markup.styles).links.map(\.url) == ["https://ci.example/run"])
        #expect(markup.styles.reduce(0) { $0 + $1.text.count } <= 2 * markup.text.count)
    }

    @Test func aLinkInsideALinkIsBrokenMarkup() {
        let body = "<a href=\"a\">x<a href=\"b\">y</a></a>"
        #expect(BodyMarkup(body).text == body)
    }
}
