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
