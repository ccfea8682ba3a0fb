/// Every stored delivery, in delivery-id order, in one array: an append for each delivery (ids
/// only increase) and no hashing. A deleted delivery leaves a hole until the log is compacted
/// (when holes outnumber deliveries). Ids are usually dense, so a lookup first tries the place
/// the id would have without holes, then searches.
struct DeliveryLog {
    /// The id of each place, ascending (holes keep theirs until compaction).
    private var ids: [Int64] = []
    /// The delivery at each place (`nil`: a hole); chunked, so the log never copies itself to grow.
    private var records = ChunkedArray<DeliveredRecord?>()
    /// Stored deliveries (places that are not holes).
    private(set) var count = 0

    init() {}

    /// Every delivery, in id order.
    var all: [DeliveredRecord] { records.indices.compactMap { records[$0] } }

    /// The delivery with this id.
    func record(_ id: Int64) -> DeliveredRecord? {
        place(of: id).flatMap { records[$0] }
    }

    /// Stores a delivery (replacing one with the same id); a new id larger than all is an append.
    mutating func insert(_ record: consuming DeliveredRecord) {
        let id = record.deliveryID
        if ids.last.map({ id > $0 }) ?? true {
            ids.append(id)
            records.append(record)
            count += 1
            return
        }
        let index = ids.partitioningIndex { $0 >= id }
        if index < ids.count && ids[index] == id {
            if records[index] == nil { count += 1 }
            records[index] = record
        } else {
            // Only an undo puts back an id the log compacted away: rare enough for a rebuild.
            var places = records.indices.map { records[$0] }
            places.insert(record, at: index)
            ids.insert(id, at: index)
            records = ChunkedArray(places)
            count += 1
        }
    }

    /// Rewrites a stored delivery in place; `false` when there is none with this id.
    @discardableResult
    mutating func update(_ id: Int64, _ body: (inout DeliveredRecord) -> Void) -> Bool {
        guard let index = place(of: id), records[index] != nil else { return false }
        body(&records[index]!)
        return true
    }

    /// Deletes the delivery with this id and returns it.
    mutating func remove(_ id: Int64) -> DeliveredRecord? {
        guard let index = place(of: id), let record = records[index] else { return nil }
        records[index] = nil
        count -= 1
        if ids.count - count > max(1024, count) { compact() }
        return record
    }

    private func place(of id: Int64) -> Int? {
        guard let first = ids.first else { return nil }
        let guess = id &- first
        if guess >= 0 && guess < ids.count && ids[Int(guess)] == id { return Int(guess) }
        let index = ids.partitioningIndex { $0 >= id }
        return index < ids.count && ids[index] == id ? index : nil
    }

    private mutating func compact() {
        let kept = all
        ids = kept.map(\.deliveryID)
        records = ChunkedArray(kept.lazy.map { $0 })
    }
}
