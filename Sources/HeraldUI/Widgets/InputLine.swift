import TerminalKit
/// The one-line editor at the bottom of the screen, for a reply, a search or a command. Shows
/// the placeholder while empty and the send button title on the right:
///
/// ```text
/// Reply› Type a message…                                           [Enter Send]
/// ```
public struct InputLine: Widget {
    public var prompt: String
    public var editor: LineEditor
    public var placeholder: String
    public var buttonTitle: String
    public var theme: Theme

    public init(prompt: String, editor: LineEditor, placeholder: String = "", buttonTitle: String = "",
                theme: Theme = Theme()) {
        self.prompt = prompt
        self.editor = editor
        self.placeholder = placeholder
        self.buttonTitle = buttonTitle
        self.theme = theme
    }

    /// Where the terminal cursor goes when the line is drawn in `area`.
    public func cursor(in area: Rect) -> (x: Int, y: Int) {
        let (promptWidth, fieldWidth) = widths(area)
        let (_, column) = editor.visible(width: fieldWidth)
        return (area.x + promptWidth + column, area.y)
    }

    func widths(_ area: Rect) -> (prompt: Int, field: Int) {
        let promptWidth = min(DisplayWidth.of(prompt), area.width / 2)
        let button = buttonText
        let buttonWidth = button.isEmpty || area.width < 30 ? 0 : DisplayWidth.of(button) + 1
        return (promptWidth, max(1, area.width - promptWidth - buttonWidth))
    }

    var buttonText: String { buttonTitle.isEmpty ? "" : "[Enter \(TerminalText.sanitize(buttonTitle))]" }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        buffer.fill(area)
        let (promptWidth, fieldWidth) = widths(area)
        buffer.setString(x: area.x, y: area.y, prompt, style: theme.key, maxWidth: promptWidth)
        if editor.isEmpty && !placeholder.isEmpty {
            buffer.setString(x: area.x + promptWidth, y: area.y, placeholder, style: theme.dim, maxWidth: fieldWidth)
        } else {
            buffer.setString(x: area.x + promptWidth, y: area.y, editor.visible(width: fieldWidth).text, maxWidth: fieldWidth)
        }
        if area.width >= 30, !buttonText.isEmpty {
            let w = DisplayWidth.of(buttonText)
            buffer.setString(x: area.maxX - w, y: area.y, buttonText, style: theme.button)
        }
    }
}
