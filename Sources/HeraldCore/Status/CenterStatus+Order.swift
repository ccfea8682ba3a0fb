/// The order of a status line's apps (`CenterStatus.unreadApps`), sorted without the standard
/// library's `sorted(by:)`: its stable sort keeps its runs in an array whose type a fresh
/// process looks up by name the first time (a `herald status` paid about a tenth of its
/// instructions for it), and a comparison of `(Int, String, String)` tuples compares each string
/// twice through Unicode's rules.
extension CenterStatus.AppUnread {
    /// Whether the app at `left` comes before the one at `right`: more unread, then by name,
    /// then by bundle identifier. Read where the apps are (an array's element passed whole is
    /// copied, retaining and releasing both of its strings).
    private static func comesFirst(_ left: Int, _ right: Int, in apps: UnsafeBufferPointer<Self>) -> Bool {
        if apps[left].unread != apps[right].unread { return apps[left].unread > apps[right].unread }
        let byName = UTF8Order.compare(apps[left].name, apps[right].name)
        return byName != 0 ? byName < 0 : UTF8Order.precedes(apps[left].bundleIdentifier, apps[right].bundleIdentifier)
    }

    /// `apps` in `comesFirst` order: a bottom-up merge sort (stable) of their positions, runs
    /// of 1, 2, 4, … merged from one array into another; the apps are copied once, at the end.
    static func sorted(_ apps: [Self]) -> [Self] {
        guard apps.count > 1 else { return apps }
        return apps.withUnsafeBufferPointer { apps in sorted(apps) }
    }

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
                    if comesFirst(source[right], source[left], in: apps) {
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
