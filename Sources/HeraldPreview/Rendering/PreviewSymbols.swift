internal import CImageCodecs

/// Which characters a preview is drawn with (chafa's symbol tags).
///
/// ```swift
/// PreviewSymbols(rawValue: env["HERALD_PREVIEW_SYMBOLS"] ?? "") ?? .quadrant
/// ```
public enum PreviewSymbols: String, Sendable, Hashable, CaseIterable {
    /// Full and half blocks (`█ ▀ ▄ ▌ ▐`): every font has them.
    case block
    /// Blocks plus the quadrants (`▖ ▗ ▘ ▝ ▚ …`): twice the detail, nearly every font.
    case quadrant
    /// Blocks, quadrants and the sextants of Unicode 13 (`🬀 …`): the most detail, newer fonts only.
    case sextant

    var chafaTags: Int32 {
        let block = HERALD_CHAFA_TAG_SPACE | HERALD_CHAFA_TAG_SOLID | HERALD_CHAFA_TAG_HHALF | HERALD_CHAFA_TAG_VHALF
        switch self {
        case .block: return Int32(block)
        case .quadrant: return Int32(block | HERALD_CHAFA_TAG_QUAD)
        case .sextant: return Int32(block | HERALD_CHAFA_TAG_QUAD | HERALD_CHAFA_TAG_SEXTANT)
        }
    }
}
