import HeraldCore
import TerminalKit

extension AppModel {
    /// Clicks on prompt buttons, banner buttons (or the banner: open), sidebar and list rows;
    /// the wheel moves the selection.
    mutating func handleMouse(_ event: MouseEvent) -> [Effect] {
        switch event.kind {
        case .scrollUp: return overlay == nil && prompts.isEmpty ? move(by: -3) : []
        case .scrollDown: return overlay == nil && prompts.isEmpty ? move(by: 3) : []
        case .click: break
        }
        let layout = Layout(self)
        if let prompt = prompts.first {
            let (_, deny, allow) = PermissionPrompt(state: prompt, theme: theme).layout(in: layout.screen)
            if allow.contains(x: event.x, y: event.y) { return answerPrompt(allowed: true) }
            if deny.contains(x: event.x, y: event.y) { return answerPrompt(allowed: false) }
            return []
        }
        guard overlay == nil else { return [] }
        for (item, widget, frame) in bannerWidgets() where frame.contains(x: event.x, y: event.y) {
            focusBanner(item.id, byUser: true)
            if item.isCoalesced { return handleBannerKey(.enter) ?? [] }
            let actions = actions(of: item.record)
            for (i, rect) in widget.buttonRects(in: frame).enumerated() where rect.contains(x: event.x, y: event.y) {
                return perform(actions[i], on: item.record)
            }
            return respond(to: item.record, with: .open)
        }
        if let sidebarArea = layout.sidebar, sidebarArea.contains(x: event.x, y: event.y) {
            activePane = .sidebar
            let first = Sidebar.scroll(selected: sidebarSelection, rows: sidebarArea.height - 1)
            let index = first + event.y - sidebarArea.y - 1
            if event.y > sidebarArea.y, index <= apps.count, index != sidebarSelection { return selectSidebar(index) }
            return []
        }
        if layout.list.contains(x: event.x, y: event.y) {
            activePane = .list
            let rows = listRows
            let index = listScroll + event.y - layout.list.y
            guard index < rows.count else { return [] }
            selectedDeliveryID = rows[index].record.deliveryID   // selecting is not reading
            return []
        }
        return []
    }
}
