import Foundation

/// The fairness rules of one page of the river: how many entries, how many of one feed, how
/// many days back (the settings `items_per_page`, `items_per_feed` with each feed's own, and
/// `days_per_page`).
package struct RiverPage: Sendable, Equatable {
    /// Entries on the page (`items_per_page`); 0 or less keeps none.
    package var limit: Int
    /// At most this many entries of one feed (`items_per_feed`); nil: no cap.
    package var itemsPerFeed: Int?
    /// A feed's own cap (its `items_per_feed` setting) by feed URL, over `itemsPerFeed`.
    package var feedCaps: [String: Int]
    /// Only entries dated within this many days before the build (`days_per_page`); nil: no limit.
    package var daysPerPage: Int?

    /// Creates the rules; only `limit` by default.
    package init(limit: Int, itemsPerFeed: Int? = nil, feedCaps: [String: Int] = [:], daysPerPage: Int? = nil) {
        self.limit = limit
        self.itemsPerFeed = itemsPerFeed
        self.feedCaps = feedCaps
        self.daysPerPage = daysPerPage
    }

    /// The oldest date on the page, nil when `daysPerPage` is nil.
    func cutoff(now: Date) -> Date? {
        daysPerPage.map { now.addingTimeInterval(-Double($0) * 86_400) }
    }

    /// When `daysPerPage` (days) next changes the index `entries`: the first instant one of them
    /// gets older than the days and leaves it (archive pages have no such rule). nil when
    /// `daysPerPage` is nil or the index is empty. `SiteValidity` takes the earliest of the time
    /// rules (docs/ARCHITECTURE.md, Rules 13).
    package static func nextChange(ofIndex entries: [RiverEntry], daysPerPage: Int?) -> Date? {
        guard let days = daysPerPage else { return nil }
        return entries.lazy.map { $0.date.addingTimeInterval(Double(days) * 86_400) }.min()
    }

    /// What the page holds so far, entry by entry in river order.
    struct Tally {
        let page: RiverPage
        let cutoff: Date?
        private var perFeed: [String: Int] = [:]

        init(_ page: RiverPage, now: Date) {
            self.page = page
            self.cutoff = page.cutoff(now: now)
        }

        /// Whether `item` may go on the page: not backlog (an entry a first fetch recorded as
        /// already seen, `new_feed_items`, is never shown), within the days and under its feed's cap.
        func admits(_ item: RiverEntry) -> Bool {
            if item.backlog { return false }
            if let cutoff, item.date < cutoff { return false }
            guard let cap = page.feedCaps[item.source.feedURL] ?? page.itemsPerFeed else { return true }
            return perFeed[item.source.feedURL, default: 0] < cap
        }

        /// Counts `item` as on the page.
        mutating func count(_ item: RiverEntry) {
            perFeed[item.source.feedURL, default: 0] += 1
        }
    }
}
