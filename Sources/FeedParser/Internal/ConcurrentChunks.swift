/// Splits an array into contiguous chunks of about equal weight and transforms them in concurrent
/// child tasks, order kept: the machinery of `Entry.sanitizingHTML(_:lanes:)`.
enum ConcurrentChunks {
    /// Contiguous, non-empty ranges covering `0..<weights.count` in order, at most `lanes` of them,
    /// each of about `sum(weights) / lanes`: a range ends once the running total reaches its share.
    /// - Parameters:
    ///   - weights: the cost of each element, ≥ 0 (negative weights count as 0).
    ///   - lanes: how many ranges at most; values below 1 count as 1.
    /// - Returns: no range for no weights.
    static func ranges(weights: [Int], lanes: Int) -> [Range<Int>] {
        let count = weights.count
        let lanes = min(max(1, lanes), count)
        guard lanes > 1 else { return count == 0 ? [] : [0..<count] }
        let total = weights.reduce(0) { $0 + max(0, $1) }
        var ranges: [Range<Int>] = []
        var start = 0
        var running = 0
        for index in 0..<count {
            running += max(0, weights[index])
            let cut = ranges.count + 1
            // Cut when this lane has its share, or when every element left must start a lane of its own.
            let hasShare = running * lanes >= total * cut
            let mustCut = count - (index + 1) == lanes - cut
            if cut < lanes, hasShare || mustCut {
                ranges.append(start..<index + 1)
                start = index + 1
            }
        }
        if start < count { ranges.append(start..<count) }
        return ranges
    }

    /// `elements.map(transform)`, computed in up to `lanes` contiguous chunks of about equal
    /// `weight`: every chunk but the first in a child task, the first in the calling task.
    /// - Returns: the transformed elements, in the order of `elements`.
    static func map<Element: Sendable, Result: Sendable>(
        _ elements: [Element], lanes: Int, weight: (Element) -> Int,
        _ transform: @escaping @Sendable (Element) -> Result
    ) async -> [Result] {
        let ranges = ranges(weights: elements.map(weight), lanes: lanes)
        guard ranges.count > 1 else { return elements.map(transform) }
        return await withTaskGroup(of: (Int, [Result]).self) { group in
            for (lane, range) in ranges.enumerated().dropFirst() {
                group.addTask { (lane, elements[range].map(transform)) }
            }
            var chunks = [[Result]?](repeating: nil, count: ranges.count)
            chunks[0] = elements[ranges[0]].map(transform)
            for await (lane, chunk) in group { chunks[lane] = chunk }
            return chunks.flatMap { $0 ?? [] }
        }
    }
}
