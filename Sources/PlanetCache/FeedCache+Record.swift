import FeedParser
import Foundation
import PlanetFetcher

extension FeedCache {
    /// Records a fetched and parsed document, in one transaction: the feed's state (validators,
    /// status, title, link and the head `atom:source` needs; failure fields cleared), its entries, then retention.
    ///
    /// A new entry's `first_seen` is the build time, or its `updated` date when that is earlier and
    /// it has no `published` (see `firstSeen(_:now:)`). An entry id seen before keeps its
    /// `first_seen` forever; a row whose values did not change is
    /// not written at all (the upsert's `WHERE … IS NOT …`), so a run over unchanged feeds rewrites
    /// no entry. Entries no longer in the document are kept, marked as fallen off, until `retention`
    /// prunes them. A repeated id within the document counts once (its first occurrence).
    /// - Parameters:
    ///   - feedURL: the subscription's URL as in feeds.txt (the key, not the post-redirect URL).
    ///   - feed: the parsed document.
    ///   - info: status and validators of the response (`FetchInfo(document)`).
    ///   - now: the build time; first-seen time of new entries and base of `retention.keepDays`.
    ///   - retention: which fallen-off entries to prune.
    ///   - newFeedItems: setting `new_feed_items`: on the feed's first fetch (the cache holds no
    ///     entry of it), only its newest that many entries are new, the others are recorded as
    ///     `backlog`; nil: all are new.
    ///   - ignoreUpdated: the feed's `ignore_updated` setting: a new entry's `updated` date never
    ///     sets its first-seen time (`firstSeen(_:now:)`), for feeds that touch every entry's date.
    /// - Throws: `CacheError` `.sqlite` (the transaction is rolled back), `.invalidData`.
    ///
    /// A new entry's `position` (its place in the document) is recorded too, so the undated
    /// entries of one fetch, all first seen at the build time, keep the document's order.
    package func recordSuccess(
        feedURL: String, feed: Feed, info: FetchInfo, now: Date,
        retention: Retention, newFeedItems: Int? = nil,
        ignoreUpdated: Bool = false
    ) throws(CacheError) {
        try recordSuccesses(
            [
                SuccessRecord(
                    feedURL: feedURL, feed: feed, info: info, newFeedItems: newFeedItems,
                    ignoreUpdated: ignoreUpdated)
            ], now: now, retention: retention)
    }

    /// One fetched and parsed document to record (`recordSuccesses`): the arguments of
    /// `recordSuccess(feedURL:feed:info:now:retention:newFeedItems:ignoreUpdated:)`.
    package struct SuccessRecord: Sendable {
        /// The subscription's URL as in feeds.txt.
        package var feedURL: String
        /// The parsed document.
        package var feed: Feed
        /// Status and validators of the response.
        package var info: FetchInfo
        /// Setting `new_feed_items`, nil for none.
        package var newFeedItems: Int?
        /// The feed's `ignore_updated` setting.
        package var ignoreUpdated: Bool

        /// Creates a record with the given fields.
        package init(
            feedURL: String, feed: Feed, info: FetchInfo, newFeedItems: Int? = nil, ignoreUpdated: Bool = false
        ) {
            self.feedURL = feedURL
            self.feed = feed
            self.info = info
            self.newFeedItems = newFeedItems
            self.ignoreUpdated = ignoreUpdated
        }
    }

    /// Records several documents as `recordSuccess` records each, in one transaction: a cold build
    /// commits once per batch of feeds, not once per feed (every commit rewrote the pages of five
    /// indexes into the WAL: 490 MB written for a 66 MB cache of 1,000 feeds; Benchmarks/PERF.md).
    /// - Throws: `CacheError` `.sqlite` (nothing of the batch recorded: the transaction is rolled
    ///   back), `.invalidData`.
    package func recordSuccesses(_ records: [SuccessRecord], now: Date, retention: Retention) throws(CacheError) {
        guard !records.isEmpty else { return }
        var prepared: [(feedURL: String, feed: Feed, info: FetchInfo, values: [[SQLiteValue]], ids: String)] = []
        prepared.reserveCapacity(records.count)
        for record in records {
            let (values, ids) = try entryValues(record, now: now)
            prepared.append((record.feedURL, record.feed, record.info, values, ids))
        }
        try sql { () throws(SQLiteError) in
            try db.transaction { () throws(SQLiteError) in
                for item in prepared {
                    try recordDocument(
                        feedURL: item.feedURL, feed: item.feed, info: item.info, values: item.values,
                        ids: item.ids, now: now, retention: retention)
                }
            }
        }
    }

    /// The bind values of the entries of `record` (each id once) and the JSON array of their ids.
    private func entryValues(_ record: SuccessRecord, now: Date) throws(CacheError) -> ([[SQLiteValue]], String) {
        let (feedURL, feed, newFeedItems, ignoreUpdated) = (
            record.feedURL, record.feed, record.newFeedItems,
            record.ignoreUpdated
        )
        var seen = Set<String>()
        let entries = feed.entries.filter { seen.insert($0.id).inserted }
        let firstSeens = entries.map { ignoreUpdated ? now : Self.firstSeen($0, now: now) }
        var backlog = Set<Int>()
        if let newFeedItems, entries.count > newFeedItems, try isNewFeed(feedURL) {
            let newestFirst = entries.indices.sorted { a, b in
                let (x, y) = (entries[a].published ?? firstSeens[a], entries[b].published ?? firstSeens[b])
                return x != y ? x > y : a < b
            }
            backlog = Set(newestFirst.dropFirst(newFeedItems))
        }
        var values: [[SQLiteValue]] = []
        values.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            values.append(
                try rows.encode(entry, feedURL: feedURL, firstSeen: firstSeens[index])
                    + [.bool(backlog.contains(index)), .integer(index), .text(entry.link.map(Self.coarseLinkKey))])
        }
        return (values, try rows.json(entries.map(\.id)))
    }

    /// Records one document inside the caller's transaction (`recordSuccesses`).
    private func recordDocument(
        feedURL: String, feed: Feed, info: FetchInfo, values: [[SQLiteValue]], ids: String,
        now: Date, retention: Retention
    ) throws(SQLiteError) {
        let before = try outputDigest(feedURL: feedURL)
        try db.statement(Self.upsertSuccess).bind([
            .text(feedURL), .text(info.etag), .text(info.lastModified), .date(now),
            .integer(info.status), .text(info.permanentRedirect), .text(feed.title), .text(feed.link),
            .text(feed.id), .date(feed.updated), .text(feed.author?.name), .text(feed.author?.email),
            .text(feed.author?.uri), .text(feed.language),
            .text(feed.logo ?? feed.icon ?? feed.author?.avatar)
        ]).run()
        let entriesBefore = db.totalChanges
        let upsert = try db.statement(Self.upsertEntry)
        for row in values {
            upsert.reset()
            try upsert.bind(row).run()
        }
        try db.statement(Self.markFallenOff).bind([.text(feedURL), .text(ids)]).run()
        try prune(feedURL: feedURL, now: now, retention: retention)
        let entriesChanged = db.totalChanges > entriesBefore
        if entriesChanged { try refreshEntryFacts(feedURL: feedURL) }
        let after = try outputDigest(feedURL: feedURL)
        if entriesChanged || after != before { try bumpContentVersion() }
    }

    /// Records an HTTP 304 (RFC 9110 §15.4.5): the cached document is current, so its entries stay
    /// as they are. Counts as a success (failure fields cleared, streak 0); validators and the
    /// redirect target are kept (a 304 that came through other redirects than the recorded ones
    /// is recorded with `recordRedirectTargets` too). Applies `retention` to entries that fell off
    /// earlier.
    /// - Throws: `CacheError.Reason.sqlite`.
    package func recordNotModified(feedURL: String, now: Date, retention: Retention) throws(CacheError) {
        try recordNotModified(feedURLs: [feedURL], now: now, retention: retention)
    }

    /// Records an HTTP 304 for each of `feedURLs`, as `recordNotModified(feedURL:now:retention:)`
    /// does for one, all in one transaction: a warm build of a thousand feeds commits once
    /// instead of a thousand times (Benchmarks/PERF.md).
    /// - Throws: `CacheError.Reason.sqlite` (nothing recorded: the transaction is rolled back).
    package func recordNotModified(feedURLs: [String], now: Date, retention: Retention) throws(CacheError) {
        guard !feedURLs.isEmpty else { return }
        try sql { () throws(SQLiteError) in
            try db.transaction { () throws(SQLiteError) in
                // Retention deletes only entries that fell off their document: a feed without any
                // (nearly every feed of a warm build) has nothing to prune, found in one pass over
                // the small partial index `entry_fallen_off`.
                let withFallenOff = Set(try db.statement(Self.feedsWithFallenOff).rows { $0.text(0) ?? "" })
                // A 304 changes what the site shows of a feed only when it was failing, gone, waiting,
                // never fetched, or had answered other than 304 (its status's HTTP code).
                let changing = Set(try db.statement(Self.feedsA304Changes).rows { $0.text(0) ?? "" })
                var changes = !changing.isDisjoint(with: feedURLs)
                // An UPDATE of the known row (cheaper than the upsert's insert attempt); a feed the
                // cache did not know gets its row from the upsert, and the site a new feed.
                let update = try db.statement(Self.updateNotModified)
                for feedURL in feedURLs {
                    update.reset()
                    let beforeUpdate = db.totalChanges
                    try update.bind([.text(feedURL), .date(now)]).run()
                    if db.totalChanges == beforeUpdate {
                        try db.statement(Self.upsertNotModified).bind([.text(feedURL), .date(now)]).run()
                        changes = true
                    }
                    guard withFallenOff.contains(feedURL) else { continue }
                    let beforePrune = db.totalChanges
                    try prune(feedURL: feedURL, now: now, retention: retention)
                    if db.totalChanges > beforePrune {
                        try refreshEntryFacts(feedURL: feedURL)
                        changes = true
                    }
                }
                if changes { try bumpContentVersion() }
            }
        }
    }

    /// Records, for each feed, the permanent redirect it now comes through (nil: none): after a
    /// 304 that came through other redirects than the ones recorded, as a move the server made
    /// temporary (302 where it said 301) or permanent since. `planet build --apply-redirects` and
    /// the status page read it, so the content version is raised when any changes.
    /// - Parameter targets: feed URL → the redirect target now, nil for none.
    /// - Throws: `CacheError.Reason.sqlite`.
    package func recordRedirectTargets(_ targets: [String: String?]) throws(CacheError) {
        guard !targets.isEmpty else { return }
        try sql { () throws(SQLiteError) in
            try db.transaction { () throws(SQLiteError) in
                let before = db.totalChanges
                for (feedURL, target) in targets.sorted(by: { $0.key < $1.key }) {
                    try db.statement(Self.updateRedirectTarget).bind([.text(feedURL), .text(target)]).run()
                }
                if db.totalChanges > before { try bumpContentVersion() }
            }
        }
    }

    /// Replaces the validators of feeds whose 304 carried new ones (RFC 9111 §4.3.4: a 304
    /// updates the stored response's fields), in one transaction; the site shows no validator, so
    /// the content version stays.
    /// - Parameter validators: feed URL → the `ETag` and `Last-Modified` to send next time.
    /// - Throws: `CacheError.Reason.sqlite` (nothing recorded).
    package func recordValidators(_ validators: [String: FetchValidators]) throws(CacheError) {
        guard !validators.isEmpty else { return }
        try sql { () throws(SQLiteError) in
            try db.transaction { () throws(SQLiteError) in
                let update = try db.statement("UPDATE feed SET etag = ?2, last_modified = ?3 WHERE url = ?1")
                for (feedURL, fresh) in validators.sorted(by: { $0.key < $1.key }) {
                    update.reset()
                    try update.bind([.text(feedURL), .text(fresh.etag), .text(fresh.lastModified)]).run()
                }
            }
        }
    }

    static let updateRedirectTarget = """
        UPDATE feed SET redirect_target = ?2 WHERE url = ?1 AND redirect_target IS NOT ?2
        """

    /// Feeds whose row `upsertNotModified` changes in a column the site reads (`outputDigest`): the
    /// values it sets (status 304; no error, streak, gone, Retry-After or failing since; a last
    /// success) are not all there yet. `FeedCacheContentVersionTests` checks it against the digest.
    static let feedsA304Changes = """
        SELECT url FROM feed
        WHERE last_status IS NOT 304 OR error_kind IS NOT NULL OR error_message IS NOT NULL OR failure_streak <> 0
           OR gone <> 0 OR retry_after IS NOT NULL OR failing_since IS NOT NULL OR last_success IS NULL
        """

    /// Feeds with at least one entry no longer in their document (the only ones `prune` may
    /// delete from), from the partial index `entry_fallen_off`.
    static let feedsWithFallenOff =
        "SELECT DISTINCT feed_url FROM entry INDEXED BY entry_fallen_off WHERE in_document = 0"

    /// Records a failed fetch: the failure's kind, message and status, one more in the failure
    /// streak. Entries are untouched (a failing feed keeps everything on the page) and so are the
    /// validators, title and link. A 410 marks the feed gone until feeds.txt changes; a
    /// `Retry-After` instant also ends when feeds.txt changes.
    /// - Parameters:
    ///   - retryAfter: instant before which not to fetch again (429/503 `Retry-After`, RFC 9110
    ///     §10.2.3), nil for none.
    ///   - configFingerprint: fingerprint of the current feeds.txt, stored when the feed is gone
    ///     or waits for `retryAfter` (see `FeedState.isDue`).
    /// - Throws: `CacheError.Reason.sqlite`.
    package func recordFailure(
        feedURL: String, failure: FetchFailure, now: Date, retryAfter: Date? = nil,
        configFingerprint: String? = nil
    ) throws(CacheError) {
        let gone = failure.status == 410
        let marked = gone || retryAfter != nil
        try sql { () throws(SQLiteError) in
            try db.transaction { () throws(SQLiteError) in
                let before = try outputDigest(feedURL: feedURL)
                try db.statement(Self.upsertFailure).bind([
                    .text(feedURL), .date(now), .integer(failure.status), .text(failure.kind.rawValue),
                    .text(failure.message), .bool(gone), .date(retryAfter), .text(marked ? configFingerprint : nil)
                ]).run()
                if try outputDigest(feedURL: feedURL) != before { try bumpContentVersion() }
            }
        }
    }

    /// Whether the cache holds no entry of `feedURL`: its next recorded document is its first fetch.
    func isNewFeed(_ feedURL: String) throws(CacheError) -> Bool {
        try sql { () throws(SQLiteError) in
            try db.statement("SELECT count(*) FROM (SELECT 1 FROM entry WHERE feed_url = ?1 LIMIT 1)")
                .bind([.text(feedURL)]).rows { $0.int(0) }.first ?? 0
        } == 0
    }

    static let upsertSuccess = """
        INSERT INTO feed (url, etag, last_modified, last_attempt, last_success, last_status,
                          redirect_target, title, link, feed_id, updated, author_name, author_email,
                          author_uri, language, image)
        VALUES (?1, ?2, ?3, ?4, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)
        ON CONFLICT (url) DO UPDATE SET
            etag = excluded.etag, last_modified = excluded.last_modified,
            last_attempt = excluded.last_attempt, last_success = excluded.last_success,
            last_status = excluded.last_status, error_kind = NULL, error_message = NULL,
            failure_streak = 0, redirect_target = excluded.redirect_target, gone = 0,
            retry_after = NULL, title = excluded.title, link = excluded.link, config_fingerprint = NULL,
            feed_id = excluded.feed_id, updated = excluded.updated, author_name = excluded.author_name,
            author_email = excluded.author_email, author_uri = excluded.author_uri,
            language = excluded.language, image = excluded.image, failing_since = NULL
        """

    static let upsertNotModified = """
        INSERT INTO feed (url, last_attempt, last_success, last_status) VALUES (?1, ?2, ?2, 304)
        ON CONFLICT (url) DO UPDATE SET
            last_attempt = excluded.last_attempt, last_success = excluded.last_success,
            last_status = 304, error_kind = NULL, error_message = NULL, failure_streak = 0,
            gone = 0, retry_after = NULL, config_fingerprint = NULL, failing_since = NULL
        """

    /// What `upsertNotModified` does to a row that exists: ?1 feed URL, ?2 the time.
    static let updateNotModified = """
        UPDATE feed SET last_attempt = ?2, last_success = ?2, last_status = 304, error_kind = NULL,
            error_message = NULL, failure_streak = 0, gone = 0, retry_after = NULL, config_fingerprint = NULL,
            failing_since = NULL
        WHERE url = ?1
        """

    static let upsertFailure = """
        INSERT INTO feed (url, last_attempt, last_status, error_kind, error_message, failure_streak,
                          gone, retry_after, config_fingerprint, failing_since)
        VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6, ?7, ?8, ?2)
        ON CONFLICT (url) DO UPDATE SET
            last_attempt = excluded.last_attempt, last_status = excluded.last_status,
            error_kind = excluded.error_kind, error_message = excluded.error_message,
            failure_streak = feed.failure_streak + 1, gone = excluded.gone,
            retry_after = excluded.retry_after, config_fingerprint = excluded.config_fingerprint,
            failing_since = CASE WHEN feed.failure_streak = 0 OR feed.failing_since IS NULL
                                 THEN excluded.last_attempt ELSE feed.failing_since END
        """

    /// The first-seen time recorded for an entry new to the cache: `now`, except that an entry
    /// with only an `updated` date (Atom without `published`, e.g. GitHub releases) is taken to
    /// exist since that date when it is in the past. The river sorts by published, else first
    /// seen, so such an entry is placed by the date its feed gave when planet first saw
    /// it, and a later change of `updated` never moves it up (first seen is never rewritten).
    static func firstSeen(_ entry: Entry, now: Date) -> Date {
        guard entry.published == nil, let updated = entry.updated else { return now }
        return min(updated, now)
    }
}
