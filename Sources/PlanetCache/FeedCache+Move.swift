import Foundation

extension FeedCache {
    /// Moves a feed's state and entries to a new URL, for `planet build --apply-redirects`:
    /// entries keep their first-seen times, so undated posts do not jump to the top after the move.
    ///
    /// When the cache already holds `newURL`, its state wins and only entries it lacks are moved.
    /// The moved state's `redirectTarget` is cleared (the redirect is applied). Nothing happens when
    /// `oldURL` is unknown. One transaction.
    /// - Throws: `CacheError.Reason.sqlite`.
    package func moveFeed(from oldURL: String, to newURL: String) throws(CacheError) {
        guard oldURL != newURL else { return }
        try sql { () throws(SQLiteError) in
            try db.transaction { () throws(SQLiteError) in
                let before = db.totalChanges
                try db.statement(Self.copyFeed).bind([.text(oldURL), .text(newURL)]).run()
                try db.statement("UPDATE OR IGNORE entry SET feed_url = ?2 WHERE feed_url = ?1")
                    .bind([.text(oldURL), .text(newURL)]).run()
                // Entries the new URL already had stay behind and go with the old row (ON DELETE CASCADE).
                try db.statement("DELETE FROM feed WHERE url = ?1").bind([.text(oldURL)]).run()
                try db.statement("UPDATE feed SET redirect_target = NULL WHERE url = ?1 AND redirect_target = ?1")
                    .bind([.text(newURL)]).run()
                if db.totalChanges > before {
                    try refreshEntryFacts(feedURL: newURL)
                    try bumpContentVersion()
                }
            }
        }
    }

    /// ?1 old URL, ?2 new URL: copies the state row unless the new URL has one.
    static let copyFeed = """
        INSERT INTO feed (url, etag, last_modified, last_attempt, last_success, last_status, error_kind,
                          error_message, failure_streak, redirect_target, gone, retry_after, title, link,
                          config_fingerprint, feed_id, updated, author_name, author_email, author_uri,
                          language, image, failing_since, stated_interval, fresh_for, next_fetch)
        SELECT ?2, etag, last_modified, last_attempt, last_success, last_status, error_kind,
               error_message, failure_streak, redirect_target, gone, retry_after, title, link,
               config_fingerprint, feed_id, updated, author_name, author_email, author_uri, language, image,
               failing_since, stated_interval, fresh_for, next_fetch
        FROM feed WHERE url = ?1
        ON CONFLICT (url) DO NOTHING
        """
}
