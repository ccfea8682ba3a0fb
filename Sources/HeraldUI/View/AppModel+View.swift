import Foundation
import HeraldCore
import TerminalKit

extension AppModel {
    /// The whole screen for the current state: a pure function of the model.
    public func view() -> Buffer {
        var buffer = Buffer(width: width, height: height)
        let layout = Layout(self)
        let theme = self.theme

        var header = Header(clock: TimeFormat.clock(now, timeZone: config.timeZone), doNotDisturb: doNotDisturb,
                            unread: totalUnread, isLocked: isLocked, isMuted: isMuted, focus: focusHeaderText, theme: theme)
        header.isDisconnected = disconnection != nil
        header.render(in: layout.header, into: &buffer)
        if let sidebarArea = layout.sidebar { sidebar.render(in: sidebarArea, into: &buffer) }

        let rows = listRows
        let selectedIndex = selectedRowIndex(in: rows)
        renderListTitle(in: layout.listTitle, rowCount: rows.count, into: &buffer)
        notificationList(rows: rows, selected: selectedIndex).render(in: layout.list, into: &buffer)
        if let detailArea = layout.detail {
            if let index = selectedIndex {
                detailView(shownRecord(rows[index].record)).render(in: detailArea, into: &buffer)
            } else {
                buffer.fill(detailArea)
            }
        }
        if let logArea = layout.log { LogPane(lines: logLines, theme: theme).render(in: logArea, into: &buffer) }

        if case .input(let input)? = overlay {
            inputLine(input).render(in: layout.status, into: &buffer)
        } else {
            let selectedRow = selectedIndex.map { rows[$0] }
            let line = StatusLine(hints: statusHints(selectedRow: selectedRow), message: status, theme: theme)
            // A long message wraps onto the rows above (over the list, while it shows).
            let rows = line.height(width: layout.status.width, maxRows: max(1, min(StatusLine.maxMessageRows, height / 4)))
            line.render(in: Rect(x: layout.status.x, y: layout.status.maxY - rows, width: layout.status.width,
                                 height: min(rows, layout.status.maxY)), into: &buffer)
        }

        for (_, widget, frame) in bannerWidgets() {
            buffer.fill(frame.withGutter(in: layout.screen))   // nothing underneath shows at its edges
            widget.render(in: frame, into: &buffer)
        }

        switch overlay {
        case .help(let scroll)?:
            helpOverlay(scroll: scroll).render(in: layout.screen, into: &buffer)
        case .settings(let state)?:
            if let app = app(state.bundleIdentifier) {
                SettingsPanel(appName: appName(app.bundleIdentifier), settings: app.settings, selectedRow: state.selectedRow, theme: theme)
                    .render(in: layout.screen, into: &buffer)
            }
        case .confirm(let state)?:
            ConfirmDialog(message: state.message, theme: theme).render(in: layout.screen, into: &buffer)
        case .focus(let state)?:
            focusPanel(state).render(in: layout.screen, into: &buffer)
        case .input?, nil:
            break
        }
        if let prompt = prompts.first {
            PermissionPrompt(state: prompt, theme: theme).render(in: layout.screen, into: &buffer)
        }
        if !config.colors { buffer.mapStyles { $0.withoutColors } }
        return buffer
    }

    /// Where the terminal cursor should be (the input line's), or `nil` to hide it.
    public var cursorPosition: (x: Int, y: Int)? {
        guard prompts.isEmpty, case .input(let input)? = overlay else { return nil }
        return inputLine(input).cursor(in: Layout(self).status)
    }

    var sidebar: Sidebar {
        var items = [Sidebar.Item(name: "All", unread: totalUnread)]
        for app in apps {
            items.append(Sidebar.Item(name: appName(app.bundleIdentifier), badge: app.badge, unread: historyCounts[app.bundleIdentifier]?.unread ?? 0))
        }
        return Sidebar(items: items, selected: sidebarSelection, isFocused: activePane == .sidebar, theme: theme)
    }

    func renderListTitle(in area: Rect, rowCount: Int, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        buffer.fill(area)
        var title = selectedApp.map { appName($0) } ?? "All notifications"
        if let heldFilter { title = heldFilter.title + " · Esc: all" }
        if let searchText { title += " · “\(searchText)”" }
        var count = "\(historyTotal)"
        if historyOffset > 0 || historyTotal > history.count {
            count = "\(historyOffset + 1)–\(historyOffset + history.count) of \(historyTotal)"
        }
        if !hasLoadedHistory { count = "" }
        let style = activePane == .list ? theme.focusedBorder : theme.title
        var used = buffer.setString(x: area.x + 1, y: area.y, title, style: style, maxWidth: area.width - 1)
        let countWidth = DisplayWidth.of(count)
        let arrivals = "↑ \(arrivalsAbove) new"
        if arrivalsAbove > 0, used + 2 + DisplayWidth.of(arrivals) + countWidth + 3 <= area.width {
            used += 2 + buffer.setString(x: area.x + 1 + used + 2, y: area.y, arrivals, style: theme.unread)
        }
        if used + countWidth + 3 <= area.width {
            buffer.setString(x: area.maxX - countWidth - 1, y: area.y, count, style: theme.dim)
        }
    }

    func notificationList(rows: [ListRow], selected: Int?) -> NotificationList {
        let items = rows.map { row -> NotificationList.Item in
            let visible = visibleContent(of: row.record)
            var item = NotificationList.Item(
                time: TimeFormat.short(row.record.date, now: now, timeZone: config.timeZone),
                app: appName(row.record.bundleIdentifier),
                title: visible.title, body: visible.body,
                hasAttachment: !row.record.content.attachments.isEmpty && !visible.isHidden,
                isUnread: row.members.contains { !$0.isRead },
                more: summaryText(of: row),
                isGroupMember: row.isExpanded && !row.isGroupHead)
            item.hasLeftList = row.members.allSatisfy(\.isRemovedFromList)
            return item
        }
        var empty = hasLoadedHistory ? "No notifications" : "Loading…"
        if searchText != nil { empty = "Nothing matches the search" }
        if heldFilter != nil { empty = "The held notifications were deleted" }
        if let historyLoadError { empty = historyLoadError }
        return NotificationList(items: items, selected: selected, scroll: listScroll, isFocused: activePane == .list,
                                emptyText: empty, theme: theme)
    }

    func detailView(_ record: DeliveredRecord) -> DetailView {
        let category = category(of: record)
        var view = DetailView(appName: appName(record.bundleIdentifier),
                              date: TimeFormat.full(record.date, timeZone: config.timeZone),
                              content: visibleContent(of: record), attachments: record.content.attachments,
                              userInfo: record.content.userInfo, actions: category?.actions ?? [],
                              hasReply: category?.textInputAction != nil, isUnread: !record.isRead,
                              links: record.content.traits?.links ?? [], theme: theme)
        view.hasLeftList = record.isRemovedFromList
        view.isSenderGone = record.content.traits?.isSenderGone == true
        view.bodyStyles = record.content.traits?.bodyStyles ?? []
        view.picture = picture(for: detailPreviewRequest(for: record))
        for attachment in record.content.attachments {
            if let info = mediaInfo[attachment.path], info.duration != nil || info.format != attachment.type {
                view.mediaSummaries[attachment.path] = info.summary
            }
        }
        return view
    }

    /// The banners on screen, top (newest) first, as widgets with their frames (also used to
    /// hit-test clicks). The lowest one counts the banners waiting ("+N more").
    public func bannerWidgets() -> [(item: BannerItem, widget: Banner, frame: Rect)] {
        let items = banner.shown
        let frames = bannerFrames(for: items)
        let hidden = items.dropFirst(frames.count).reduce(0) { $0 + $1.count } + banner.queue.reduce(0) { $0 + $1.count }
        return zip(items, frames).enumerated().map { index, pair in
            let isLast = index == frames.count - 1
            return (pair.0, bannerWidget(pair.0, waiting: isLast ? hidden : 0, stacked: items.count > 1), pair.1)
        }
    }

    /// The focused banner as a widget.
    public func bannerWidget() -> Banner? {
        bannerWidgets().first { $0.item.id == banner.focusedID }?.widget
    }

    /// Frames for a stack of banners from the top of the screen down, as many as fit whole (the
    /// first always gets one, clipped on a tiny screen).
    func bannerFrames(for items: [BannerItem]) -> [Rect] {
        let screen = Layout(self).screen
        var frames: [Rect] = []
        var top: Int?
        for item in items {
            let widget = bannerWidget(item, waiting: 0, stacked: items.count > 1)
            let frame = widget.frame(in: screen, top: top)
            if !frames.isEmpty && frame.height < widget.naturalHeight(in: screen) { break }
            frames.append(frame)
            top = frame.maxY
        }
        return frames
    }

    func bannerWidget(_ item: BannerItem, waiting: Int, stacked: Bool) -> Banner {
        let record = item.record
        let isFocused = item.id == banner.focusedID
        var widget = Banner(appName: appName(record.bundleIdentifier),
                            time: TimeFormat.clock(record.date, timeZone: config.timeZone),
                            content: visibleContent(of: record),
                            attachmentNames: record.content.attachments.map(\.fileName),
                            actions: item.isCoalesced ? [] : actions(of: record), waiting: waiting,
                            isAlert: item.isSticky, theme: theme)
        widget.isFocused = isFocused
        widget.isStacked = stacked
        if item.isCoalesced { widget.coalescedCount = item.count }
        widget.thumbnail = picture(for: bannerThumbnailRequest(for: record))
        widget.progress = record.content.traits?.progress
        widget.bodyStyles = record.content.traits?.bodyStyles ?? []
        return widget
    }

    func inputLine(_ input: InputState) -> InputLine {
        switch input.purpose {
        case .reply(_, _, let placeholder, let buttonTitle):
            return InputLine(prompt: input.prompt, editor: input.editor, placeholder: placeholder, buttonTitle: buttonTitle,
                             theme: theme)
        case .search:
            return InputLine(prompt: input.prompt, editor: input.editor, placeholder: "search title, subtitle, body",
                             buttonTitle: "Search", theme: theme)
        case .command:
            return InputLine(prompt: input.prompt, editor: input.editor, placeholder: "lock, unlock, dnd on, mute, help…",
                             theme: theme)
        }
    }

    /// The keys that apply right now, for the status line.
    public var statusHints: [(key: String, action: String)] { statusHints(selectedRow: selectedRow) }

    /// `statusHints` with the selected row already known (`view()` has the rows at hand, and
    /// building them again would cost more than the rest of the frame).
    func statusHints(selectedRow: ListRow?) -> [(key: String, action: String)] {
        if !prompts.isEmpty { return [("y", "Allow"), ("n", "Don't Allow"), ("←→", "choose"), ("Enter", "pick")] }
        switch overlay {
        case .help?: return helpOverlay(scroll: 0).placement(in: Layout(self).screen).isClipped
            ? [("j k", "scroll"), ("other keys", "close help")] : [("any key", "close help")]
        case .settings?: return [("↑↓", "move"), ("←→ Enter", "change"), ("Esc", "close")]
        case .confirm?: return [("y", "yes"), ("n", "no")]
        case .input?: return [("Enter", "send"), ("Esc", "cancel")]
        case .focus?: return [("↑↓", "move"), ("Enter", "on/off"), ("Esc", "close")]
        case nil: break
        }
        if activePane == .sidebar && banner.current == nil {
            return [("j/k", "app"), ("Tab", "list"), ("c", "clear badge"), ("s", "settings"), ("/", "search"),
                    ("?", "help"), ("q", "quit")]
        }
        var hints: [(key: String, action: String)] = []
        if let item = banner.focused, item.isCoalesced {
            hints += [("Enter", "show them"), ("x", "close")]
        } else if let record = banner.current ?? selectedRow?.record {
            hints.append(("Enter", "open"))
            let count = min(9, actions(of: record).count)
            if count == 1 { hints.append(("1", "action")) } else if count > 1 { hints.append(("1-\(count)", "actions")) }
            if category(of: record)?.textInputAction != nil { hints.append(("r", "reply")) }
            hints.append(("x", "dismiss"))
        }
        if banner.shown.count > 1 { hints += [("Tab", "next banner"), ("X", "close all")] }
        if banner.current == nil {
            hints += [("j/k", "move"), ("Tab", "apps")]
            if selectedRow != nil { hints.append(("d", "delete")) }
            if let row = selectedRow, row.groupCount > 1 { hints.append(("Space", row.isExpanded ? "collapse" : "expand")) }
        }
        hints += [("/", "search"), ("s", "settings"), (":", "cmd"), ("?", "help"), ("q", "quit")]
        return hints
    }
}
