internal import CImageCodecs
import HeraldSystem
import TerminalKit

/// Chooses a character and two colours for every cell with libchafa's canvas
/// (`chafa_canvas_draw_all_pixels`, then `get_char_at` / `get_colors_at` per cell), loaded at run time.
enum ChafaRenderer {
    struct Functions: Sendable {
        let symbolMapNew: herald_chafa_new_fn
        let symbolMapAddByTags: herald_chafa_symbol_map_add_by_tags_fn
        let symbolMapUnref: herald_chafa_unref_fn
        let configNew: herald_chafa_new_fn
        let configUnref: herald_chafa_unref_fn
        let configSetGeometry: herald_chafa_config_set_geometry_fn
        let configSetCanvasMode: herald_chafa_config_set_enum_fn
        let configSetDitherMode: herald_chafa_config_set_enum_fn
        let configSetSymbolMap: herald_chafa_config_set_symbol_map_fn
        let configSetWorkFactor: herald_chafa_config_set_float_fn
        let canvasNew: herald_chafa_canvas_new_fn
        let canvasUnref: herald_chafa_unref_fn
        let drawAllPixels: herald_chafa_canvas_draw_all_pixels_fn
        let charAt: herald_chafa_canvas_get_char_at_fn
        let colorsAt: herald_chafa_canvas_get_colors_at_fn
        let rawColorsAt: herald_chafa_canvas_get_colors_at_fn
    }

    /// The library's functions, or `nil` when libchafa (≥ 1.8) is not installed.
    static let functions: Functions? = {
        guard let library = (try? DynamicLibrary.load("libchafa.so.0")) ?? (try? DynamicLibrary.load("libchafa.so")),
              let symbolMapNew = try? library.function("chafa_symbol_map_new", as: herald_chafa_new_fn.self),
              let symbolMapAddByTags = try? library.function("chafa_symbol_map_add_by_tags",
                                                        as: herald_chafa_symbol_map_add_by_tags_fn.self),
              let symbolMapUnref = try? library.function("chafa_symbol_map_unref", as: herald_chafa_unref_fn.self),
              let configNew = try? library.function("chafa_canvas_config_new", as: herald_chafa_new_fn.self),
              let configUnref = try? library.function("chafa_canvas_config_unref", as: herald_chafa_unref_fn.self),
              let configSetGeometry = try? library.function("chafa_canvas_config_set_geometry",
                                                       as: herald_chafa_config_set_geometry_fn.self),
              let configSetCanvasMode = try? library.function("chafa_canvas_config_set_canvas_mode",
                                                         as: herald_chafa_config_set_enum_fn.self),
              let configSetDitherMode = try? library.function("chafa_canvas_config_set_dither_mode",
                                                         as: herald_chafa_config_set_enum_fn.self),
              let configSetSymbolMap = try? library.function("chafa_canvas_config_set_symbol_map",
                                                        as: herald_chafa_config_set_symbol_map_fn.self),
              let configSetWorkFactor = try? library.function("chafa_canvas_config_set_work_factor",
                                                         as: herald_chafa_config_set_float_fn.self),
              let canvasNew = try? library.function("chafa_canvas_new", as: herald_chafa_canvas_new_fn.self),
              let canvasUnref = try? library.function("chafa_canvas_unref", as: herald_chafa_unref_fn.self),
              let drawAllPixels = try? library.function("chafa_canvas_draw_all_pixels",
                                                   as: herald_chafa_canvas_draw_all_pixels_fn.self),
              let charAt = try? library.function("chafa_canvas_get_char_at", as: herald_chafa_canvas_get_char_at_fn.self),
              let colorsAt = try? library.function("chafa_canvas_get_colors_at", as: herald_chafa_canvas_get_colors_at_fn.self),
              let rawColorsAt = try? library.function("chafa_canvas_get_raw_colors_at",
                                                 as: herald_chafa_canvas_get_colors_at_fn.self)
        else { return nil }
        return Functions(symbolMapNew: symbolMapNew, symbolMapAddByTags: symbolMapAddByTags,
                         symbolMapUnref: symbolMapUnref, configNew: configNew, configUnref: configUnref,
                         configSetGeometry: configSetGeometry, configSetCanvasMode: configSetCanvasMode,
                         configSetDitherMode: configSetDitherMode, configSetSymbolMap: configSetSymbolMap,
                         configSetWorkFactor: configSetWorkFactor, canvasNew: canvasNew, canvasUnref: canvasUnref,
                         drawAllPixels: drawAllPixels, charAt: charAt, colorsAt: colorsAt, rawColorsAt: rawColorsAt)
    }()

    /// Draws `image` on a `columns × rows` canvas, into cells of that size at the origin.
    static func render(_ image: RGBAImage, columns: Int, rows: Int, mode: PreviewColorMode,
                       symbols: PreviewSymbols) throws -> Buffer {
        guard let chafa = functions else { throw PreviewError.libraryMissing("libchafa (libchafa0)") }
        guard let map = chafa.symbolMapNew() else { throw PreviewError.corrupt("chafa_symbol_map_new failed") }
        defer { chafa.symbolMapUnref(map) }
        chafa.symbolMapAddByTags(map, symbols.chafaTags)
        guard let config = chafa.configNew() else { throw PreviewError.corrupt("chafa_canvas_config_new failed") }
        defer { chafa.configUnref(config) }
        chafa.configSetGeometry(config, Int32(columns), Int32(rows))
        chafa.configSetCanvasMode(config, mode.chafaCanvasMode)
        chafa.configSetDitherMode(config, Int32(HERALD_CHAFA_DITHER_NONE))
        chafa.configSetSymbolMap(config, map)
        chafa.configSetWorkFactor(config, 0.5)
        guard let canvas = chafa.canvasNew(config) else { throw PreviewError.corrupt("chafa_canvas_new failed") }
        defer { chafa.canvasUnref(canvas) }
        image.pixels.withUnsafeBufferPointer { pixels in
            chafa.drawAllPixels(canvas, Int32(HERALD_CHAFA_PIXEL_RGBA8_UNASSOCIATED), pixels.baseAddress,
                                Int32(image.width), Int32(image.height), Int32(image.width * 4))
        }
        var buffer = Buffer(width: columns, height: rows)
        for y in 0..<rows {
            for x in 0..<columns {
                let character = Unicode.Scalar(chafa.charAt(canvas, Int32(x), Int32(y))) ?? " "
                var fg: Int32 = -1, bg: Int32 = -1
                if mode == .trueColor {
                    chafa.colorsAt(canvas, Int32(x), Int32(y), &fg, &bg)
                } else {
                    chafa.rawColorsAt(canvas, Int32(x), Int32(y), &fg, &bg)
                }
                // Block, quadrant and sextant characters are all one column wide.
                buffer.put(Cell(symbol: String(Character(character)), width: 1,
                                style: Style(foreground: mode.color(fg), background: mode.color(bg))), x: x, y: y)
            }
        }
        return buffer
    }
}

extension PreviewColorMode {
    var chafaCanvasMode: Int32 {
        switch self {
        case .trueColor: return Int32(HERALD_CHAFA_MODE_TRUECOLOR)
        case .indexed256: return Int32(HERALD_CHAFA_MODE_INDEXED_256)
        case .indexed16: return Int32(HERALD_CHAFA_MODE_INDEXED_16)
        case .indexed8: return Int32(HERALD_CHAFA_MODE_INDEXED_8)
        case .monochrome, .none: return Int32(HERALD_CHAFA_MODE_FGBG)
        }
    }

    /// A colour chafa reported: packed RGB in true colour, a palette index otherwise; negative
    /// (transparent, or the terminal's own colour) is the default.
    func color(_ value: Int32) -> Color {
        guard value >= 0 else { return .default }
        switch self {
        case .trueColor:
            return .rgb(UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
                        UInt8(truncatingIfNeeded: value))
        case .indexed256, .indexed16, .indexed8:
            return value < 256 ? .indexed(UInt8(value)) : .default
        case .monochrome, .none:
            return .default
        }
    }
}
