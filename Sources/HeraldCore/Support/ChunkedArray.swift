/// An array that grows by fixed-size chunks, so appending never moves what it holds.
///
/// A plain array copies all of its elements each time it outgrows its buffer: for a million
/// 80-byte rows that is about 80 MB copied while growing, and every page written twice. Here a
/// full chunk stays where it is and a new one is added; an element is two array reads away.
struct ChunkedArray<Element> {
    private static var chunkShift: Int { 12 }
    private static var chunkSize: Int { 1 << chunkShift }

    private var chunks: [[Element]] = []
    private(set) var count = 0

    init() {}

    init(_ elements: some Sequence<Element>) {
        for element in elements { append(element) }
    }

    var indices: Range<Int> { 0..<count }

    subscript(index: Int) -> Element {
        _read { yield chunks[index >> Self.chunkShift][index & (Self.chunkSize - 1)] }
        _modify { yield &chunks[index >> Self.chunkShift][index & (Self.chunkSize - 1)] }
    }

    mutating func append(_ element: consuming Element) {
        if count & (Self.chunkSize - 1) == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }
}
