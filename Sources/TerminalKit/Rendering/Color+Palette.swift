extension Color {
    /// The ANSI number of a basic colour (0–7), `nil` for the others.
    public var ansiIndex: Int? {
        switch self {
        case .black: return 0
        case .red: return 1
        case .green: return 2
        case .yellow: return 3
        case .blue: return 4
        case .magenta: return 5
        case .cyan: return 6
        case .white: return 7
        case .default, .indexed, .rgb: return nil
        }
    }

    /// The colour as a palette number a terminal with `colors` colours can show: basic colours
    /// as they are, palette entries and 24-bit colours mapped to the nearest of the first
    /// `colors` entries (256, 16 or 8); `nil` for the default colour.
    public func paletteIndex(colors: Int) -> Int? {
        switch self {
        case .default: return nil
        case .indexed(let index):
            if Int(index) < colors { return Int(index) }
            return Self.nearest(Self.xtermRGB(Int(index)), colors: colors)
        case .rgb(let r, let g, let b):
            return Self.nearest((Int(r), Int(g), Int(b)), colors: colors)
        default:
            return ansiIndex
        }
    }

    /// The xterm palette entry's colour (the 16 ANSI colours as xterm draws them).
    public static func xtermRGB(_ index: Int) -> (Int, Int, Int) {
        let ansi: [(Int, Int, Int)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
            (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255),
            (255, 255, 255),
        ]
        if index < 16 { return ansi[index] }
        if index < 232 {
            let levels = [0, 95, 135, 175, 215, 255]
            let cube = index - 16
            return (levels[cube / 36], levels[(cube / 6) % 6], levels[cube % 6])
        }
        let grey = 8 + (index - 232) * 10
        return (grey, grey, grey)
    }

    /// The closest of the first `colors` palette entries (squared distance in RGB). With 256
    /// colours only the cube and the greys (16–255) are used: their colours are fixed, while
    /// the first 16 follow the person's theme.
    static func nearest(_ rgb: (Int, Int, Int), colors: Int) -> Int {
        var best = 0, bestDistance = Int.max
        for index in (colors >= 256 ? 16 : 0)..<min(256, max(colors, 1)) {
            let candidate = xtermRGB(index)
            let distance = (candidate.0 - rgb.0) * (candidate.0 - rgb.0) + (candidate.1 - rgb.1) * (candidate.1 - rgb.1)
                + (candidate.2 - rgb.2) * (candidate.2 - rgb.2)
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
        return best
    }
}
