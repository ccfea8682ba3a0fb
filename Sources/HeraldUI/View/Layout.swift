import TerminalKit
/// Where each part of the screen goes for a given size and state. Shared by `view()` (to draw)
/// and `update` (to scroll and to hit-test mouse clicks).
///
/// At 80×24: header row, a 20-column apps sidebar, the list over the detail pane, the status
/// row. Narrower than 60 columns the sidebar replaces the list while it has the focus; lower than
/// 16 rows the detail pane is left out.
public struct Layout: Sendable, Hashable {
    public var screen: Rect
    public var header: Rect
    public var status: Rect
    public var sidebar: Rect?
    public var listTitle: Rect
    public var list: Rect
    /// The detail pane, its title row included.
    public var detail: Rect?
    public var log: Rect?

    public init(width: Int, height: Int, activePane: Pane, showLog: Bool) {
        screen = Rect(width: width, height: height)
        let (header, rest) = screen.splitTop(1)
        let (middle, status) = rest.splitBottom(height > 1 ? 1 : 0)
        self.header = header
        self.status = status
        var body = middle
        log = nil
        if showLog && body.height >= 8 {
            let split = body.splitBottom(max(3, min(8, body.height / 3)))
            body = split.rest
            log = split.bottom
        }
        var right = body
        sidebar = nil
        if width >= 60 {
            let (left, remainder) = body.splitLeft(min(24, max(16, width / 4)))
            sidebar = left
            right = remainder
        } else if activePane == .sidebar {
            sidebar = body
            right = Rect(x: body.maxX, y: body.y, width: 0, height: body.height)
        }
        let (title, listAndDetail) = right.splitTop(1)
        listTitle = title
        if listAndDetail.height >= 13 {
            let split = listAndDetail.splitBottom(listAndDetail.height * 9 / 20)
            list = split.rest
            detail = split.bottom
        } else {
            list = listAndDetail
            detail = nil
        }
    }

    /// The layout of `model`'s screen.
    public init(_ model: AppModel) {
        self.init(width: model.width, height: model.height, activePane: model.activePane, showLog: model.showLog)
    }
}
