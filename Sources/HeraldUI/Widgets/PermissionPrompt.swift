import TerminalKit
/// The `requestAuthorization` modal, in the middle of the screen:
///
/// ```text
/// ╭────────────────────────────────────────────╮
/// │ “Messages” would like to send you          │
/// │ notifications                              │
/// │ Alerts, Sounds, Badges                     │
/// │                                            │
/// │      [ Don't Allow (n) ]  [ Allow (y) ]    │
/// ╰────────────────────────────────────────────╯
/// ```
public struct PermissionPrompt: Widget {
    public var state: PermissionPromptState
    public var theme: Theme

    public init(state: PermissionPromptState, theme: Theme = Theme()) {
        self.state = state
        self.theme = theme
    }

    static let deny = "[ Don't Allow (n) ]"
    static let allow = "[ Allow (y) ]"

    var message: String { "“\(TerminalText.sanitize(state.app.displayName))” would like to send you notifications" }

    /// The box and its two buttons on a screen.
    public func layout(in screen: Rect) -> (box: Rect, deny: Rect, allow: Rect) {
        let width = min(screen.width, 50)
        let inner = max(1, width - 4)
        let lines = TextLayout.wrap(message, width: inner).count + TextLayout.wrap(state.optionsDescription, width: inner).count
        let box = screen.centered(width: width, height: lines + 4)
        let dw = DisplayWidth.of(Self.deny), aw = DisplayWidth.of(Self.allow)
        let y = box.maxY - 2
        if dw + aw + 2 <= inner {
            let start = box.x + 2 + (inner - dw - aw - 2) / 2
            return (box, Rect(x: start, y: y, width: dw, height: 1), Rect(x: start + dw + 2, y: y, width: aw, height: 1))
        }
        // Too narrow for both on one row: short labels.
        let half = inner / 2
        return (box, Rect(x: box.x + 2, y: y, width: half, height: 1), Rect(x: box.x + 2 + half, y: y, width: inner - half, height: 1))
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        let (box, denyRect, allowRect) = layout(in: area)
        Block(title: "Notifications", borderStyle: theme.focusedBorder).render(in: box, into: &buffer)
        let inner = box.inset(dx: 2, dy: 1)
        var y = inner.y
        for line in TextLayout.wrap(message, width: inner.width) { buffer.setString(x: inner.x, y: y, line, style: theme.title, maxWidth: inner.width); y += 1 }
        for line in TextLayout.wrap(state.optionsDescription, width: inner.width) { buffer.setString(x: inner.x, y: y, line, style: theme.dim, maxWidth: inner.width); y += 1 }
        let narrow = denyRect.width < DisplayWidth.of(Self.deny)
        buffer.setString(x: denyRect.x, y: denyRect.y, narrow ? "[n No]" : Self.deny,
                         style: state.allowSelected ? theme.button : theme.selectedButton, maxWidth: denyRect.width)
        buffer.setString(x: allowRect.x, y: allowRect.y, narrow ? "[y Allow]" : Self.allow,
                         style: state.allowSelected ? theme.selectedButton : theme.button, maxWidth: allowRect.width)
    }
}
