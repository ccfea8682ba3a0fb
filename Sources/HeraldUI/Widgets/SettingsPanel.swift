import HeraldCore
import TerminalKit

/// An app's notification settings, like iOS Settings › Notifications › App:
///
/// ```text
/// ╭ Messages — Notifications ───────────╮
/// │▸Allow Notifications            On   │
/// │ Banner Style                 Banner │
/// ╰ ↑↓ move · ←→ Enter change · Esc ────╯
/// ```
public struct SettingsPanel: Widget {
    public var appName: String
    public var settings: AppSettings
    public var selectedRow: Int
    public var theme: Theme

    public init(appName: String, settings: AppSettings, selectedRow: Int, theme: Theme = Theme()) {
        self.appName = appName
        self.settings = settings
        self.selectedRow = selectedRow
        self.theme = theme
    }

    /// The value shown for a row.
    public static func value(_ row: SettingsState.Row, _ settings: AppSettings) -> String {
        func onOff(_ b: Bool) -> String { b ? "On" : "Off" }
        switch row {
        case .allowNotifications: return onOff(settings.allowNotifications)
        case .alertStyle:
            switch settings.alertStyle {
            case .none: return "None"
            case .banner: return "Banner"
            case .alert: return "Alert"
            }
        case .timeSensitive: return onOff(settings.timeSensitive)
        case .criticalAlerts: return onOff(settings.criticalAlerts)
        case .scheduledSummary: return onOff(settings.scheduledDelivery)
        case .focus: return "Enter"
        case .sounds: return onOff(settings.sounds)
        case .badges: return onOff(settings.badges)
        case .showInHistory: return onOff(settings.showInHistory)
        case .showPreviews:
            switch settings.showPreviews {
            case .always: return "Always"
            case .whenAuthenticated: return "When Unlocked"
            case .never: return "Never"
            }
        }
    }

    public func frame(in screen: Rect) -> Rect {
        screen.centered(width: min(screen.width, 48), height: SettingsState.Row.allCases.count + 2)
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        let box = frame(in: area)
        Block(title: "\(appName) — Notifications", borderStyle: theme.focusedBorder,
              footer: "↑↓ move · ←→ Enter change · Esc close").render(in: box, into: &buffer)
        let inner = box.inset(dx: 1, dy: 1)
        for row in SettingsState.Row.allCases where row.rawValue < inner.height {
            let y = inner.y + row.rawValue
            let value = Self.value(row, settings)
            let valueWidth = DisplayWidth.of(value)
            let selected = row.rawValue == selectedRow
            buffer.setString(x: inner.x, y: y, selected ? "▸" : " ", style: theme.key)
            buffer.setString(x: inner.x + 1, y: y, row.title, maxWidth: max(0, inner.width - valueWidth - 3))
            let off = value == "Off" || value == "None" || value == "Never"
            buffer.setString(x: inner.maxX - valueWidth - 1, y: y, value, style: off ? theme.dim : theme.title)
            if selected { buffer.setStyle(Rect(x: inner.x, y: y, width: inner.width, height: 1), theme.selection) }
        }
    }
}
