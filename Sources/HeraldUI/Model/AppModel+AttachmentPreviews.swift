import HeraldCore
import HeraldPreview

extension AppModel {
    /// The image types a picture can be made of (Apple's: PNG, JPEG, GIF).
    static let pictureTypes: Set<String> = ["public.png", "public.jpeg", "com.compuserve.gif"]

    /// The first attachment of `record` that is an image.
    func firstImage(of record: DeliveredRecord) -> AttachmentRecord? {
        record.content.attachments.first { Self.pictureTypes.contains($0.type) }
    }

    /// The selected notification (found by delivery, without building the list rows).
    var selectedRecord: DeliveredRecord? {
        guard let id = selectedDeliveryID else { return nil }
        return history.first { $0.deliveryID == id }
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
