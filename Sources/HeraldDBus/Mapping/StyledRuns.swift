import HeraldCore

/// The plain text of a body being parsed (`BodyMarkup`) and its styled runs, built in one pass.
///
/// Bold, italic and underline are counted, not stacked: each character takes the style of the
/// tags open around it, and a run lasts while that style does, so `<b><b><b>x</b></b></b>` is one
/// run of one character, and runs never overlap. A link is a run of its own from `<a>` to `</a>`
/// (links do not nest). Every run keeps the text it covers once, so the runs' text adds up to at
/// most twice the body's (formatting once, links once). At most
/// `NotificationTraits.maximumBodyStyles` runs are kept: the links first (the detail view lists
/// them), then formatting from the start of the body.
///
/// ```swift
/// var runs = StyledRuns()
/// runs.open("b"); "Hi".forEach { runs.append($0) }; runs.close("b")
/// runs.finish()   // ("Hi", [bold 0..<2 "Hi"])
/// ```
struct StyledRuns {
    /// How many `<b>`, `<i>` and `<u>` are open.
    private struct Depths: Equatable {
        var bold = 0
        var italic = 0
        var underline = 0
        var isPlain: Bool { bold == 0 && italic == 0 && underline == 0 }
    }

    /// A run before its text is taken (`finish`).
    private struct Run {
        var start: Int
        var end: Int
        var isBold = false
        var isItalic = false
        var isUnderlined = false
        var link: String?
    }

    private var characters: [Character] = []
    private var depths = Depths()
    /// Where the text in the current style started.
    private var styleStart = 0
    /// The open link: where its text starts and its target.
    private var link: (start: Int, href: String)?
    private var formatting: [Run] = []
    private var links: [Run] = []

    /// A `<b>`, `<i>` or `<u>`.
    mutating func open(_ tag: String) { change(tag, by: 1) }

    /// Its closing tag.
    mutating func close(_ tag: String) { change(tag, by: -1) }

    mutating func openLink(_ href: String) {
        link = (characters.count, href)
    }

    mutating func closeLink() {
        guard let open = link else { return }
        link = nil
        guard characters.count > open.start else { return }
        links.append(Run(start: open.start, end: characters.count, link: open.href))
    }

    /// One character of the text, in the style of the tags open now.
    mutating func append(_ character: Character) {
        characters.append(character)
    }

    /// The text and its runs, sorted by where they start. When the text's characters merge
    /// (a combining mark decoded from an entity after a tag), positions would no longer match
    /// the text: then it has no styles.
    mutating func finish() -> (text: String, styles: [BodyStyle]) {
        endStyle()
        let text = String(characters)
        guard text.count == characters.count else { return (text, []) }
        let kept = links.prefix(NotificationTraits.maximumBodyStyles)
            + formatting.prefix(NotificationTraits.maximumBodyStyles - min(links.count, NotificationTraits.maximumBodyStyles))
        let styles = kept.map { run in
            BodyStyle(start: run.start, length: run.end - run.start, text: String(characters[run.start..<run.end]),
                      isBold: run.isBold, isItalic: run.isItalic, isUnderlined: run.isUnderlined, link: run.link)
        }
        return (text, styles.sorted { ($0.start, $0.link == nil ? 0 : 1) < ($1.start, $1.link == nil ? 0 : 1) })
    }

    private mutating func change(_ tag: String, by step: Int) {
        endStyle()
        switch tag {
        case "b": depths.bold += step
        case "i": depths.italic += step
        default: depths.underline += step
        }
        styleStart = characters.count
    }

    /// The text in the current style ends here: its run, extending the previous one when that
    /// has the same style and ends where this starts (`<b>a</b><b>b</b>` is one run).
    private mutating func endStyle() {
        guard !depths.isPlain, characters.count > styleStart else { return }
        let run = Run(start: styleStart, end: characters.count, isBold: depths.bold > 0, isItalic: depths.italic > 0,
                      isUnderlined: depths.underline > 0)
        if let last = formatting.last, last.end == run.start, last.isBold == run.isBold, last.isItalic == run.isItalic,
           last.isUnderlined == run.isUnderlined {
            formatting[formatting.count - 1].end = run.end
            return
        }
        formatting.append(run)
    }
}
