/// How `ContentRecord.userInfoTypes` marks the property-list values of `userInfo` that JSON
/// cannot tell apart. The types mirror `userInfo`'s shape: an object for a dictionary, an array
/// for an array (`null` where an element needs no mark), and at a leaf one of these names.
/// Containers with nothing to mark are left out, and a `userInfo` with nothing to mark has no
/// types at all (`nil`): what a push, `herald post` or a record stored before carries.
///
/// ```json
/// "userInfo":      {"expiry": 798134400, "blob": "AAEC", "ratio": 2, "list": [1, 798134400]},
/// "userInfoTypes": {"expiry": "date",    "blob": "data", "ratio": "double", "list": [null, "date"]}
/// ```
///
/// Only `UserNotifications` writes and reads them; the engine, the wire and the store carry
/// them beside `userInfo` untouched.
public enum UserInfoTypes {
    /// A `Date`: the number is seconds since 1 January 2001 (Foundation's own form, exact).
    public static let date = "date"
    /// `Data`: the string is its base64.
    public static let data = "data"
    /// A floating-point number JSON would read as an integer (`2.0`), or a string `"nan"`,
    /// `"inf"` or `"-inf"` for one JSON cannot hold.
    public static let double = "double"
}
