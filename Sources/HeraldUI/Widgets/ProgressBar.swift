import HeraldCore
import TerminalKit

/// A progress bar for a notification's progress value (0–100), one line wide:
///
/// ```text
/// ████████████░░░░░░░░░░░░░░░░░░  40%
/// ```
public struct ProgressBar: Sendable, Hashable {
    public var percent: Int

    public init(percent: Int) {
        self.percent = min(100, max(0, percent))
    }

    /// The bar as spans for `width` columns (the label takes five).
    public func spans(width: Int, theme: Theme) -> [Span] {
        let label = " \(percent)%".leftPadded(to: 5)
        let barWidth = max(0, width - label.count)
        let filled = barWidth * percent / 100
        return [Span(String(repeating: "█", count: filled), theme.title),
                Span(String(repeating: "░", count: barWidth - filled), theme.dim),
                Span(label)]
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
