import HeraldPreview
import TerminalKit

/// What the screen shows for an image attachment: its picture, a placeholder while it is being
/// decoded, or an error tile. Each keeps the cell size of the box it was asked for.
///
/// ```swift
/// PictureTile(picture: .failed("broken image: truncated", columns: 12, rows: 4), theme: theme)
/// ```
public enum AttachmentPicture: Sendable, Hashable {
    case loading(columns: Int, rows: Int)
    case ready(Buffer)
    case failed(String, columns: Int, rows: Int)

    /// The cells it takes on screen.
    public var size: (columns: Int, rows: Int) {
        switch self {
        case .loading(let columns, let rows), .failed(_, let columns, let rows): return (columns, rows)
        case .ready(let cells): return (cells.area.width, cells.area.height)
        }
    }
}

/// A decoded preview, or why there is none, as the model caches it per request.
public enum PreviewState: Sendable, Hashable {
    case loading
    case ready(Buffer)
    case failed(String)
    /// The libraries are missing: no picture, the file name stays as it is.
    case unavailable
}

extension PreviewState {
    /// Makes the picture for `request` (slow: decoding and libchafa; run it off the UI's
    /// thread). A missing library gives `.unavailable`, any other failure `.failed`.
    public static func render(_ request: PreviewRequest) -> PreviewState {
        do {
            return .ready(try AttachmentPreviewer.render(request))
        } catch PreviewError.libraryMissing {
            return .unavailable
        } catch {
            return .failed("\(error)")
        }
    }
}
