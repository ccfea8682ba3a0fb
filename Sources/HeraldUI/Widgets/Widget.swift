import TerminalKit
/// Something that draws itself into an area of a buffer (ratatui's `Widget`).
///
/// ```swift
/// struct Hello: Widget {
///     func render(in area: Rect, into buffer: inout Buffer) {
///         buffer.setString(x: area.x, y: area.y, "Hello", maxWidth: area.width)
///     }
/// }
/// ```
public protocol Widget {
    /// Draws into `area` of `buffer`; never outside it.
    func render(in area: Rect, into buffer: inout Buffer)
}
