import HeraldCore
import TerminalKit

/// The numbered action buttons of a notification: `[1 Accept] [2 Decline]`. Destructive actions
/// are red (underlined without colour), `.foreground` ones end in `↗`, `.authenticationRequired`
/// ones in `🔒`, text-input ones in `…`.
public struct ActionButtons: Sendable, Hashable {
    public var actions: [ActionRecord]
    public var theme: Theme

    public init(actions: [ActionRecord], theme: Theme) {
        self.actions = actions
        self.theme = theme
    }

    /// The label of the n-th (1-based) button, brackets included.
    public static func label(_ number: Int, _ action: ActionRecord) -> String {
        var text = "[\(number) \(TerminalText.sanitize(action.title))"
        if action.textInput != nil { text += "…" }
        if action.options.contains(.foreground) { text += " ↗" }
        if action.options.contains(.authenticationRequired) { text += " 🔒" }
        return text + "]"
    }

    public func style(_ action: ActionRecord) -> Style {
        action.options.contains(.destructive) ? theme.destructive : theme.button
    }

    /// Lays the buttons out in rows of at most `width` columns: each button's row, column and width.
    /// Only the first nine get numbers (and keys).
    public func layout(width: Int) -> [(row: Int, x: Int, width: Int)] {
        var result: [(row: Int, x: Int, width: Int)] = []
        var row = 0, x = 0
        for (i, action) in actions.prefix(9).enumerated() {
            let w = min(width, DisplayWidth.of(Self.label(i + 1, action)))
            if x > 0 && x + 1 + w > width { row += 1; x = 0 }
            if x > 0 { x += 1 }
            result.append((row, x, w))
            x += w
        }
        return result
    }

    /// How many rows the buttons take in `width` columns.
    public func height(width: Int) -> Int { (layout(width: width).last?.row ?? -1) + 1 }

    /// Draws the buttons with their top-left corner at `area`'s origin; returns each button's rect.
    @discardableResult
    public func render(in area: Rect, into buffer: inout Buffer) -> [Rect] {
        var rects: [Rect] = []
        for (i, place) in layout(width: area.width).enumerated() where place.row < area.height {
            let action = actions[i]
            let rect = Rect(x: area.x + place.x, y: area.y + place.row, width: place.width, height: 1)
            buffer.setString(x: rect.x, y: rect.y, Self.label(i + 1, action), style: style(action), maxWidth: rect.width)
            rects.append(rect)
        }
        return rects
    }
}
