import Foundation

extension FeedCache {
    /// What a build records of each feed it fetched for the next one's fetch plan (schema v10;
    /// `FeedState.scheduledFetch(pollInterval:)`).
    package struct FetchSchedule: Sendable, Equatable {
        /// `FeedState.statedInterval`: what the document states, seconds; nil for nothing.
        package var statedInterval: TimeInterval?
        /// `FeedState.freshFor`: how long the response stayed fresh, seconds; nil for nothing.
        package var freshFor: TimeInterval?
        /// `FeedState.nextFetch`: when the feed is next due; nil: every build.
        package var nextFetch: Date?

        /// Creates a schedule with the given fields; nil (every build) by default.
        package init(statedInterval: TimeInterval? = nil, freshFor: TimeInterval? = nil, nextFetch: Date? = nil) {
            self.statedInterval = statedInterval
            self.freshFor = freshFor
            self.nextFetch = nextFetch
        }
    }

    /// Records each feed's schedule in one transaction, writing only rows whose values differ.
    /// The status page shows `nextFetch`, so the content version is raised when any next fetch
    /// changed (a feed with a hint, each time it is fetched; a feed without one, never).
    /// - Parameter schedules: feed URL → its schedule after this build.
    /// - Throws: `CacheError.Reason.sqlite` (nothing recorded).
    package func recordSchedules(_ schedules: [String: FetchSchedule]) throws(CacheError) {
        guard !schedules.isEmpty else { return }
        try sql { () throws(SQLiteError) in
            try db.transaction { () throws(SQLiteError) in
                let update = try db.statement(Self.updateSchedule)
                let updateNext = try db.statement(Self.updateNextFetch)
                var changed = false
                for (feedURL, schedule) in schedules.sorted(by: { $0.key < $1.key }) {
                    update.reset()
                    try update.bind([
                        .text(feedURL), schedule.statedInterval.map(SQLiteValue.real) ?? .null,
                        schedule.freshFor.map(SQLiteValue.real) ?? .null
                    ]).run()
                    updateNext.reset()
                    let before = db.totalChanges
                    try updateNext.bind([.text(feedURL), .date(schedule.nextFetch)]).run()
                    if db.totalChanges > before { changed = true }
                }
                if changed { try bumpContentVersion() }
            }
        }
    }

    /// ?1 feed URL, ?2 stated interval, ?3 fresh for; written only when a value differs.
    static let updateSchedule = """
        UPDATE feed SET stated_interval = ?2, fresh_for = ?3
        WHERE url = ?1 AND (stated_interval IS NOT ?2 OR fresh_for IS NOT ?3)
        """

    /// ?1 feed URL, ?2 next fetch; written only when it differs.
    static let updateNextFetch = "UPDATE feed SET next_fetch = ?2 WHERE url = ?1 AND next_fetch IS NOT ?2"
}
