import HeraldCore
import TerminalKit

/// A notification body with bold, italic, underlined and linked runs (desktop notifications'
/// markup, `NotificationTraits.bodyStyles`), wrapped like `TextLayout.wrap` into styled lines.
///
/// Each character is sanitised on its own and keeps its run's style; the plain text is wrapped
/// by `TextLayout.wrap`, and the styles are laid back onto the wrapped lines (whose characters
/// are the text's in order, minus the spaces and newlines the wrap dropped).
///
/// ```swift
/// StyledBody.wrap("Build ok", styles: [BodyStyle(start: 0, length: 5, text: "Build", isBold: true)], width: 40)
/// // [[Span("Build", bold), Span(" ok")]]
/// ```
public enum StyledBody {
    public static func wrap(_ body: String, styles: [BodyStyle], width: Int) -> [[Span]] {
        guard !styles.isEmpty else { return TextLayout.wrap(body, width: width).map { [Span($0)] } }
        var perCharacter = Array(repeating: Style.plain, count: body.count)
        for run in styles {
            var attributes: TextAttributes = []
            if run.isBold { attributes.insert(.bold) }
            if run.isItalic { attributes.insert(.italic) }
            if run.isUnderlined || run.link != nil { attributes.insert(.underline) }
            let end = min(perCharacter.count, run.start + run.length)
            guard run.start >= 0, run.start < end else { continue }
            for index in run.start..<end { perCharacter[index].attributes.formUnion(attributes) }
        }
        var characters: [Character] = []
        var characterStyles: [Style] = []
        for (character, style) in zip(body, perCharacter) {
            for clean in TerminalText.sanitize(String(character), keepingNewlines: true) {
                characters.append(clean)
                characterStyles.append(style)
            }
        }
        var source = 0
        return TextLayout.wrap(String(characters), width: width).map { line in
            var spans: [Span] = []
            var text = ""
            var current = Style.plain
            for character in line {
                while source < characters.count && characters[source] != character { source += 1 }
                let style = source < characters.count ? characterStyles[source] : .plain
                source += 1
                if style != current && !text.isEmpty {
                    spans.append(Span(text, current))
                    text = ""
                }
                current = style
                text.append(character)
            }
            if !text.isEmpty || spans.isEmpty { spans.append(Span(text, current)) }
            return spans
        }
    }
}
