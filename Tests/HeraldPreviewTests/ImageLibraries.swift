import HeraldPreview

/// The image libraries the preview tests need, for `.skipped(because:)`: a test whose library is
/// missing is listed as skipped, with the package to install.
enum ImageLibraries {
    /// Why `formats` cannot all be decoded here — and, with `drawing`, drawn (libchafa) — or `nil`.
    static func missing(_ formats: ImageDecoder.Format..., drawing: Bool = false) -> String? {
        if drawing && !AttachmentPreviewer.canDraw { return "libchafa0 is not installed" }
        guard let format = formats.first(where: { !$0.isAvailable }) else { return nil }
        switch format {
        case .png: return "libpng16-16 is not installed"
        case .jpeg: return "libturbojpeg0 is not installed"
        case .gif: return "libgif7 is not installed"
        }
    }
}
