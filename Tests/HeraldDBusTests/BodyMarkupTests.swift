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
}
