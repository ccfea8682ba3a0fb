import Foundation
import HeraldCore
import TerminalKit

/// What picture to make of an attachment: the box it must fit, the colours and characters,
/// and an optional clipping rectangle (the banner thumbnail's).
///
/// ```swift
/// let request = PreviewRequest(path: "/tmp/jim@2x.png", columns: 40, rows: 12, mode: .indexed256)
/// ```
public struct PreviewRequest: Sendable, Hashable {
    public var path: String
    /// The largest picture, in cells; the result keeps the image's aspect inside it.
    public var columns: Int
    public var rows: Int
    public var mode: PreviewColorMode
    public var symbols: PreviewSymbols
    /// The part of the image to show (0…1), or all of it.
    public var clip: NormalizedRect?

    public init(path: String, columns: Int, rows: Int, mode: PreviewColorMode, symbols: PreviewSymbols = .quadrant,
                clip: NormalizedRect? = nil) {
        self.path = path
        self.columns = columns
        self.rows = rows
        self.mode = mode
        self.symbols = symbols
        self.clip = clip
    }
}

/// Makes terminal pictures of image attachments: decode (libpng, libturbojpeg, giflib), clip,
/// fit the box, choose characters and colours (libchafa). The picture is a TerminalKit `Buffer`
/// at the origin, as large as the fitted picture: ordinary cells that a widget copies into the
/// screen and the backend diffs like any other. Slow (milliseconds): run it off the UI's thread.
///
/// ```swift
/// let picture = try AttachmentPreviewer.render(PreviewRequest(path: path, columns: 40, rows: 12, mode: .trueColor))
/// picture.lines   // ["▀▀▄▄…", …]
/// ```
public enum AttachmentPreviewer {
    /// Whether pictures can be drawn at all (libchafa is installed).
    public static var canDraw: Bool { ChafaRenderer.functions != nil }

    /// The picture for `request`. Throws `PreviewError` for a missing library, an unreadable,
    /// broken or oversized image, or one that takes longer than `limits.maxSeconds` to make (it
    /// is given up: the caller's next picture is not held up).
    public static func render(_ request: PreviewRequest, limits: ImageLimits = .standard) throws -> Buffer {
        guard request.mode != .none, request.columns > 0, request.rows > 0 else {
            return Buffer(width: 0, height: 0)
        }
        guard canDraw else { throw PreviewError.libraryMissing("libchafa (libchafa0)") }
        return try PreviewDeadline.run(seconds: limits.maxSeconds) {
            var image = try ImageDecoder.decode(contentsOf: request.path, limits: limits)
            if let clip = request.clip { image = image.clipped(to: clip) }
            return try render(image, columns: request.columns, rows: request.rows, mode: request.mode,
                              symbols: request.symbols)
        }
    }

    /// The picture of decoded pixels, fitted into `columns × rows`.
    public static func render(_ image: RGBAImage, columns: Int, rows: Int, mode: PreviewColorMode,
                              symbols: PreviewSymbols = .quadrant) throws -> Buffer {
        let size = PreviewFit.cells(imageWidth: image.width, imageHeight: image.height, maxColumns: columns, maxRows: rows)
        guard mode != .none, size.columns > 0 else { return Buffer(width: 0, height: 0) }
        return try ChafaRenderer.render(image, columns: size.columns, rows: size.rows, mode: mode, symbols: symbols)
    }
}
