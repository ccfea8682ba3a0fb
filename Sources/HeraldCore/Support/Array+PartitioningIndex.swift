extension Array {
    /// The first index whose element satisfies `belongsInSecondPartition` (the elements must be
    /// partitioned by it: all `false` ones first). Binary search.
    func partitioningIndex(where belongsInSecondPartition: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if belongsInSecondPartition(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
