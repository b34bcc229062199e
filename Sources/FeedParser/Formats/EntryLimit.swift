import Foundation

/// How many entries one document may give: its newest `limit` (default 1,000), the others dropped
/// before they are converted, so a document of 300,000 tiny items costs the memory of 1,000.
///
/// Newest: by the latest date the entry carries (published, updated, …); entries without a date
/// rank after every dated one, in document order (feeds list their newest first). The entries
/// kept stay in document order. How many were dropped is counted for the feed's warnings.
struct EntryLimit: Sendable {
    /// Entries kept at most.
    var limit: Int
    /// Entries left out so far.
    private(set) var dropped = 0
    /// Entries of the lists some were left out of.
    private(set) var total = 0

    init(_ limit: Int) {
        self.limit = max(0, limit)
    }

    /// The positions (0-based) of `count` entries to keep when only `limit` may stay; nil when
    /// all stay. `date(i)` is entry i's date, nil when it has none.
    mutating func kept(count: Int, date: (Int) -> Date?) -> Set<Int>? {
        guard count > limit else { return nil }
        let dates = (0..<count).map(date)
        let order = (0..<count).sorted { a, b in
            switch (dates[a], dates[b]) {
            case (let x?, let y?): return x != y ? x > y : a < b
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a < b
            }
        }
        dropped += count - limit
        total += count
        return Set(order.prefix(limit))
    }

    /// The feed warning for what was dropped, nil when nothing was.
    var warning: String? {
        guard dropped > 0 else { return nil }
        return "\(dropped) of \(total) entries dropped: only the newest \(limit) entries of a document are read"
    }
}
