import Foundation

extension FeedCache {
    /// How long each feed's last fetch took, seconds, by feed URL (`recordFetchTimes(_:)`); empty
    /// in a cache of a schema before v9 (opened with `init(readingOnly:)`), which has no such table.
    /// - Throws: `CacheError.Reason.sqlite`.
    package func fetchTimes() throws(CacheError) -> [String: Double] {
        guard try hasTable("fetch_time") else { return [:] }
        return try sql { () throws(SQLiteError) in
            var times: [String: Double] = [:]
            for (url, seconds) in try db.statement("SELECT feed_url, seconds FROM fetch_time").rows({
                ($0.text(0) ?? "", $0.double(1))
            }) {
                times[url] = seconds
            }
            return times
        }
    }

    /// Keeps `times` (seconds by feed URL) as the feeds' last fetch times, in one transaction. The
    /// time of a feed no longer subscribed stays, a few bytes: it is only read for feeds fetched.
    /// - Throws: `CacheError.Reason.sqlite` (nothing recorded).
    package func recordFetchTimes(_ times: [String: Double]) throws(CacheError) {
        guard !times.isEmpty else { return }
        try sql { () throws(SQLiteError) in
            try db.transaction { () throws(SQLiteError) in
                let upsert = try db.statement(
                    "INSERT INTO fetch_time (feed_url, seconds) VALUES (?1, ?2) "
                        + "ON CONFLICT (feed_url) DO UPDATE SET seconds = excluded.seconds")
                for (url, seconds) in times {
                    upsert.reset()
                    try upsert.bind([.text(url), .real(seconds)]).run()
                }
            }
        }
    }
}
