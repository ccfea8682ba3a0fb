/// One value per app, found by bundle identifier, for the in-memory store's per-app tables.
///
/// An app gets a number on first use and keeps it (its value is emptied, not removed); the app
/// found last is compared first. Requests and deliveries come in runs from one app, and
/// comparing a string with itself (often the very same string object) is far cheaper than
/// hashing it for a dictionary, which every pending write and delivery did several times.
struct AppTables<Value> {
    private var numbers: [String: Int] = [:]
    private var bundleIdentifiers: [String] = []
    private var values: [Value] = []
    /// The app `number(of:)` found last.
    private var last = -1

    init() {}

    /// The app's number, if it has one.
    mutating func number(of bundleIdentifier: String) -> Int? {
        if last >= 0, bundleIdentifiers[last] == bundleIdentifier { return last }
        guard let number = numbers[bundleIdentifier] else { return nil }
        last = number
        return number
    }

    /// The app's number, made with the value `initial()` on first use.
    mutating func number(of bundleIdentifier: String, orAdd initial: () -> Value) -> Int {
        if let number = number(of: bundleIdentifier) { return number }
        bundleIdentifiers.append(bundleIdentifier)
        values.append(initial())
        last = values.count - 1
        numbers[bundleIdentifier] = last
        return last
    }

    /// The value of app `number`.
    subscript(number: Int) -> Value {
        _read { yield values[number] }
        _modify { yield &values[number] }
    }

    /// Every app with its value, in the order the apps were first seen.
    var all: Zip2Sequence<[String], [Value]> { zip(bundleIdentifiers, values) }
}
