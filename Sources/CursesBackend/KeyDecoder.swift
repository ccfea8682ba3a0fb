import CNCurses
import TerminalKit

/// Turns what `wget_wch` returns into `TerminalEvent`s.
enum KeyDecoder {
    /// A function-key code (`wget_wch` returned `KEY_CODE_YES`).
    static func functionKey(_ code: Int32) -> TerminalEvent? {
        switch code {
        case herald_key_up(): return .key(.up)
        case herald_key_down(): return .key(.down)
        case herald_key_left(): return .key(.left)
        case herald_key_right(): return .key(.right)
        case herald_key_home(): return .key(.home)
        case herald_key_end(): return .key(.end)
        case herald_key_ppage(): return .key(.pageUp)
        case herald_key_npage(): return .key(.pageDown)
        case herald_key_backspace(): return .key(.backspace)
        case herald_key_dc(): return .key(.delete)
        case herald_key_enter(): return .key(.enter)
        case herald_key_btab(): return .key(.backTab)
        case herald_key_resize(): return .resize(width: Int(herald_cols()), height: Int(herald_lines()))
        case herald_key_mouse(): return mouse()
        default:
            for n in 1...12 where code == herald_key_f(Int32(n)) { return .key(.function(n)) }
            return nil
        }
    }

    /// A character (`wget_wch` returned `OK`).
    static func character(_ value: UInt32) -> TerminalEvent? {
        switch value {
        case 10, 13: return .key(.enter)
        case 27: return .key(.escape)
        case 9: return .key(.tab)
        case 8, 127: return .key(.backspace)
        case 1...26:
            guard let scalar = Unicode.Scalar(value + 96) else { return nil }
            return .key(.ctrl(Character(scalar)))
        case 0..<32: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .key(.char(Character(scalar)))
        }
    }

    static func mouse() -> TerminalEvent? {
        var event = MEVENT()
        guard getmouse(&event) == herald_ok() else { return nil }
        let state = event.bstate
        let x = Int(event.x), y = Int(event.y)
        if state & herald_button4_pressed() != 0 { return .mouse(MouseEvent(x: x, y: y, kind: .scrollUp)) }
        if state & herald_button5_pressed() != 0 { return .mouse(MouseEvent(x: x, y: y, kind: .scrollDown)) }
        if state & (herald_button1_pressed() | herald_button1_clicked()) != 0 { return .mouse(MouseEvent(x: x, y: y)) }
        return nil
    }
}
