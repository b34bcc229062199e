/// How many steps one render may take: a fixed allowance plus a share for each value of the data.
///
/// A step is one node visited, or one context frame a variable or section searched. The depth
/// limit alone lets a template that includes itself twice, or once inside a loop, render 2^100
/// times (found by Fuzz/MustacheFuzzer), so a render needs a bound; a fixed one, though, fails a
/// template that walks a large list once (a planet's sidebar, one row per subscription: 55,000 rows
/// used up 5,000,000 steps). Work that only walks the data grows with the data, so the budget does
/// too: a template may walk each value about `perValue / 10` times (a sidebar row costs about 8
/// steps per value), while a self-include still stops after `base` steps on small data.
struct WorkBudget: Sendable, Equatable {
    /// Steps every render may take whatever its data (a page of 1,000 entries takes ~100,000).
    static let base = 5_000_000
    /// Steps added per value of the context (each array element and object member, nested).
    static let perValue = 100

    /// Values in the context, counted the first time the render takes more than `base` steps
    /// (a render that stays under it never counts them); nil before.
    private(set) var values: Int?
    /// Steps allowed in all: `base` until the values are counted, then `base + perValue × values`.
    private(set) var limit = Self.base

    /// Whether `work` steps are within the budget of a render whose root context is `root`.
    mutating func allows(_ work: Int, root: @autoclosure () -> MustacheValue) -> Bool {
        if work <= limit { return true }
        guard values == nil else { return false }
        let count = root().valueCount
        values = count
        let (share, overflow) = count.multipliedReportingOverflow(by: Self.perValue)
        limit = overflow ? Int.max : Self.base.addingReportingOverflow(share).partialValue
        if limit < Self.base { limit = Int.max }
        return work <= limit
    }
}

extension MustacheValue {
    /// This value and every value inside it (array elements and object members, nested), counted once.
    var valueCount: Int {
        var count = 0
        var pending: [MustacheValue] = [self]
        while let value = pending.popLast() {
            count += 1
            switch value {
            case .array(let items): pending.append(contentsOf: items)
            case .object(let fields): pending.append(contentsOf: fields.values)
            case .null, .bool, .int, .double, .string, .lambda: break
            }
        }
        return count
    }
}
