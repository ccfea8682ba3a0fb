import Foundation

/// A value bound to a statement parameter or read from a column.
package enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    init(_ value: String?) { self = value.map(SQLValue.text) ?? .null }
    init(_ value: Int) { self = .integer(Int64(value)) }
    init(_ value: Int64) { self = .integer(value) }
    init(_ value: Bool) { self = .integer(value ? 1 : 0) }
    init(_ value: Double?) { self = value.map(SQLValue.real) ?? .null }
    init(_ value: Data?) { self = value.map(SQLValue.blob) ?? .null }
}
