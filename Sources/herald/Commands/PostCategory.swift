import HeraldClient
import HeraldCore
import HeraldWire

/// The category `herald post` registers for its buttons: one per distinct set of actions,
/// named `herald.post.` and a digest of the actions, so a script posting the same question a
/// thousand times adds one category, not a thousand.
enum PostCategory {
    /// The category for these actions (with `.customDismissAction`, so a dismissal is an answer).
    static func make(actions: [ActionRecord]) -> CategoryRecord {
        CategoryRecord(identifier: PostParams.categoryPrefix + digest(of: actions), actions: actions,
                       options: [.customDismissAction])
    }

    /// 16 hex digits of FNV-1a over every field of the actions, in order (stable across runs,
    /// unlike `Hasher`).
    static func digest(of actions: [ActionRecord]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ text: String) {
            for byte in text.utf8 + [0x1f] {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
        }
        for action in actions {
            mix(action.identifier)
            mix(action.title)
            mix(String(action.options.rawValue))
            mix(action.textInput.map { "reply:" + $0.buttonTitle + "\u{1f}" + $0.placeholder } ?? "-")
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
