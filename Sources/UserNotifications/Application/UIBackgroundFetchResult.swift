/// The result of handling a background (silent) push, with UIKit's raw values: `newData` 0,
/// `noData` 1, `failed` 2.
///
/// ```swift
/// HeraldApplication.shared.setBackgroundPushHandler { userInfo, completionHandler in
///     completionHandler(.newData)
/// }
/// ```
public enum UIBackgroundFetchResult: UInt, Sendable, CaseIterable {
    case newData = 0
    case noData = 1
    case failed = 2
}
