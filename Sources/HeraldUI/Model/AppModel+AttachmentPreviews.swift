import HeraldCore
import HeraldPreview

extension AppModel {
    /// The image types a picture can be made of (Apple's: PNG, JPEG, GIF).
    static let pictureTypes: Set<String> = ["public.png", "public.jpeg", "com.compuserve.gif"]

    /// The first attachment of `record` that is an image.
    func firstImage(of record: DeliveredRecord) -> AttachmentRecord? {
        record.content.attachments.first { Self.pictureTypes.contains($0.type) }
    }

    /// The notification the details show (found without building the list rows): the selected
    /// delivery's, or — when it is in a collapsed group — the group's newest, which its row
    /// shows (a notification that joins the group becomes its face).
    var selectedRecord: DeliveredRecord? {
        guard let id = selectedDeliveryID, let record = history.first(where: { $0.deliveryID == id }) else { return nil }
        let group = GroupKey(bundleIdentifier: record.bundleIdentifier, threadIdentifier: record.content.threadIdentifier)
        guard !expandedGroups.contains(group) else { return record }
        return history.first {
            $0.bundleIdentifier == group.bundleIdentifier && $0.content.threadIdentifier == group.threadIdentifier
        } ?? record
    }

    /// The picture the detail pane wants for `record` (the whole image, the pane's box).
    public func detailPreviewRequest(for record: DeliveredRecord) -> PreviewRequest? {
        guard config.previewMode != .none, let detail = Layout(self).detail,
              let box = DetailView.pictureBox(in: detail), let image = firstImage(of: record),
              !previewsHidden(for: record) else { return nil }
        return PreviewRequest(path: image.path, columns: box.columns, rows: box.rows, mode: config.previewMode,
                              symbols: config.previewSymbols)
    }

    /// The thumbnail the banner wants for `record`: none when the app hid it
    /// (`thumbnailHidden`), else the clipping rect's part of the image in the thumbnail box.
    public func bannerThumbnailRequest(for record: DeliveredRecord) -> PreviewRequest? {
        guard config.previewMode != .none, let image = firstImage(of: record), !image.thumbnailHidden,
              !previewsHidden(for: record) else { return nil }
        return PreviewRequest(path: image.path, columns: Banner.thumbnailBox.columns, rows: Banner.thumbnailBox.rows,
                              mode: config.previewMode, symbols: config.previewSymbols, clip: image.thumbnailClippingRect)
    }

    /// What the screen shows for a request: `nil` when there is nothing to show (no request,
    /// or the libraries are missing).
    func picture(for request: PreviewRequest?) -> AttachmentPicture? {
        guard let request else { return nil }
        switch previews[request] {
        case .ready(let cells)?: return .ready(cells)
        case .failed(let message)?: return .failed(message, columns: request.columns, rows: min(6, request.rows))
        case .loading?, nil: return .loading(columns: request.columns, rows: 1)
        case .unavailable?: return nil
        }
    }

    /// Asks for the pictures the screen needs that are not made yet (and marks them loading),
    /// and for the headers of the selected notification's sounds and movies.
    mutating func requestPreviews() -> [Effect] {
        var wanted: [PreviewRequest] = []
        for item in banner.shown {
            if let request = bannerThumbnailRequest(for: item.record) { wanted.append(request) }
        }
        if let record = selectedRecord, let request = detailPreviewRequest(for: record) { wanted.append(request) }
        var effects: [Effect] = []
        for request in wanted where previews[request] == nil {
            previews[request] = .loading
            effects.append(.renderPreview(request))
        }
        if let record = selectedRecord, !previewsHidden(for: record) {
            for attachment in record.content.attachments
            where !Self.pictureTypes.contains(attachment.type) && mediaInfo[attachment.path] == nil {
                mediaInfo[attachment.path] = MediaInfo(format: attachment.type)   // asked for; the answer replaces it
                effects.append(.readMediaInfo(path: attachment.path, type: attachment.type))
            }
        }
        return effects
    }
}
