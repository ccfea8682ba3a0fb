/// The order of a status line's apps (`CenterStatus.unreadApps`), sorted without the standard
/// library's `sorted(by:)`: its stable sort keeps its runs in an array whose type a fresh
/// process looks up by name the first time (a `herald status` paid about a tenth of its
/// instructions for it), and a comparison of `(Int, String, String)` tuples compares each string
/// twice through Unicode's rules.
extension CenterStatus.AppUnread {
    /// Whether `lhs` comes first: more unread, then by name, then by bundle identifier.
    static func comesFirst(_ lhs: Self, _ rhs: Self) -> Bool {
        if lhs.unread != rhs.unread { return lhs.unread > rhs.unread }
        return precedesByName(lhs.name, lhs.bundleIdentifier, rhs.name, rhs.bundleIdentifier)
    }

    /// Of two apps with as many unread, whether the first comes first: by name, then by bundle
    /// identifier.
    private static func precedesByName(_ name: String, _ bundle: String, _ otherName: String, _ otherBundle: String) -> Bool {
        let byName = UTF8Order.compare(name, otherName)
        return byName != 0 ? byName < 0 : UTF8Order.precedes(bundle, otherBundle)
    }

    /// `apps` in `comesFirst` order: a bottom-up merge sort (stable) of their positions, runs
    /// of 1, 2, 4, … merged from one array into another; the apps are copied once, at the end.
    static func sorted(_ apps: [Self]) -> [Self] {
        guard apps.count > 1 else { return apps }
        return apps.withUnsafeBufferPointer { apps in sorted(apps) }
    }

    /// `sorted` over the apps in place: each comparison reads the two apps where they are (an
    /// array's element passed whole is copied, retaining and releasing both of its strings).
    private static func sorted(_ apps: UnsafeBufferPointer<Self>) -> [Self] {
        var source = Array(0..<apps.count)
        var target = source
        var width = 1
        while width < source.count {
            var start = 0
            while start < source.count {
                let middle = min(start + width, source.count)
                let end = min(start + 2 * width, source.count)
                var left = start, right = middle, out = start
                while left < middle && right < end {
                    let r = source[right], l = source[left]
                    if apps[r].unread != apps[l].unread ? apps[r].unread > apps[l].unread
                        : precedesByName(apps[r].name, apps[r].bundleIdentifier, apps[l].name, apps[l].bundleIdentifier) {
                        target[out] = source[right]
                        right += 1
                    } else {
                        target[out] = source[left]
                        left += 1
                    }
                    out += 1
                }
                while left < middle {
                    target[out] = source[left]
                    left += 1
                    out += 1
                }
                while right < end {
                    target[out] = source[right]
                    right += 1
                    out += 1
                }
                start = end
            }
            swap(&source, &target)
            width *= 2
        }
        return source.map { apps[$0] }
    }
}
