/// A binary min-heap: O(log n) insert and pop, O(1) peek.
struct BinaryHeap<Element: Comparable> {
    private(set) var elements: [Element] = []

    init() {}

    init(_ elements: [Element]) {
        self.elements = elements
        guard elements.count > 1 else { return }
        for index in stride(from: elements.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    var count: Int { elements.count }
    var isEmpty: Bool { elements.isEmpty }
    var min: Element? { elements.first }

    mutating func insert(_ element: Element) {
        elements.append(element)
        siftUp(elements.count - 1)
    }

    @discardableResult
    mutating func popMin() -> Element? {
        guard !elements.isEmpty else { return nil }
        if elements.count == 1 { return elements.removeLast() }
        let top = elements[0]
        elements[0] = elements.removeLast()
        siftDown(0)
        return top
    }

    /// Removes every element that `isDue` accepts and returns them in order. `isDue` must accept
    /// a prefix of the order (an element only when it accepts every smaller one), as "date ≤ now"
    /// does.
    ///
    /// A few are popped one by one. When many are due (k·log₂ n > n), the heap is split in one
    /// pass instead, the due ones sorted and the rest heapified: popping a large part of a big
    /// heap costs a cache miss at nearly every level of every sift.
    mutating func popAll(where isDue: (Element) -> Bool) -> [Element] {
        let dueCount = countDue(isDue)
        guard dueCount > 0 else { return [] }
        if dueCount * elements.count.bitWidthOfMagnitude <= elements.count {
            return (0..<dueCount).map { _ in popMin()! }
        }
        var due: [Element] = []
        due.reserveCapacity(dueCount)
        var rest: [Element] = []
        rest.reserveCapacity(elements.count - dueCount)
        for element in elements {
            if isDue(element) { due.append(element) } else { rest.append(element) }
        }
        self = BinaryHeap(rest)
        due.sort()
        return due
    }

    /// How many elements `isDue` accepts (walking only the accepted part of the tree).
    private func countDue(_ isDue: (Element) -> Bool) -> Int {
        guard let first = elements.first, isDue(first) else { return 0 }
        var count = 0
        var stack = [0]
        while let index = stack.popLast() {
            count += 1
            let left = 2 * index + 1
            if left < elements.count && isDue(elements[left]) { stack.append(left) }
            if left + 1 < elements.count && isDue(elements[left + 1]) { stack.append(left + 1) }
        }
        return count
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard elements[child] < elements[parent] else { return }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        let count = elements.count
        while true {
            let left = 2 * parent + 1
            guard left < count else { return }
            var smallest = left
            let right = left + 1
            if right < count && elements[right] < elements[left] { smallest = right }
            guard elements[smallest] < elements[parent] else { return }
            elements.swapAt(smallest, parent)
            parent = smallest
        }
    }
}

extension Int {
    /// Bits needed to write the number (⌊log₂ n⌋ + 1 for n > 0; 0 for 0).
    fileprivate var bitWidthOfMagnitude: Int { Int.bitWidth - self.leadingZeroBitCount }
}
