/// The cache's schema as a list of migrations; `PRAGMA user_version` holds how many have run.
///
/// Append a migration to change the schema, never edit one that has shipped: a cache written by an
/// older planet is brought forward step by step, each step in the same transaction as the version
/// bump. Dates are Unix seconds (`REAL`, UTC); booleans are 0/1 `INTEGER`; lists are JSON text.
enum CacheSchema {
    /// `migrations[i]` takes a database from version `i` to version `i + 1`.
    static let migrations: [String] = [
        version1, version2, version3, version4, version5, version6, version7, version8, version9, version10,
        faceCopies
    ]

    /// The version this planet writes.
    static var currentVersion: Int { migrations.count }

    /// v1: one row per feed URL (fetch state) and one per entry (keyed by feed URL + entry id).
    private static let version1 = """
        CREATE TABLE feed (
            url                TEXT PRIMARY KEY NOT NULL,
            etag               TEXT,
            last_modified      TEXT,
            last_attempt       REAL,
            last_success       REAL,
            last_status        INTEGER,
            error_kind         TEXT,
            error_message      TEXT,
            failure_streak     INTEGER NOT NULL DEFAULT 0,
            redirect_target    TEXT,
            gone               INTEGER NOT NULL DEFAULT 0,
            retry_after        REAL,
            title              TEXT,
            link               TEXT,
            config_fingerprint TEXT
        );
        CREATE TABLE entry (
            feed_url     TEXT NOT NULL REFERENCES feed(url) ON DELETE CASCADE ON UPDATE CASCADE,
            id           TEXT NOT NULL,
            first_seen   REAL NOT NULL,
            published    REAL,
            updated      REAL,
            title        TEXT,
            link         TEXT,
            author_name  TEXT,
            author_email TEXT,
            author_uri   TEXT,
            summary      TEXT,
            content      TEXT,
            categories   TEXT NOT NULL DEFAULT '[]',
            enclosures   TEXT NOT NULL DEFAULT '[]',
            in_document  INTEGER NOT NULL DEFAULT 1,
            PRIMARY KEY (feed_url, id)
        ) WITHOUT ROWID;
        CREATE INDEX entry_by_date ON entry (feed_url, coalesce(published, first_seen));
        """

    /// v2: `entry.html_base`, the base URL of `summary`/`content` (`Entry.htmlBase`). From v2 on,
    /// the build stores summary and content raw (parsed with `HTMLSanitizing.deferred`) and
    /// sanitizes what it shows; rows written by v1 hold sanitized HTML with a NULL base, which
    /// sanitizing again leaves unchanged, so no data moves.
    private static let version2 = "ALTER TABLE entry ADD COLUMN html_base TEXT;"

    /// v3: indexes that let a build decide what it shows and what it prunes without reading
    /// entry rows, whose summary and content spill onto overflow pages (Benchmarks/PERF.md):
    /// - `entry_feed_head` replaces `entry_by_date`: the same order per feed (published, else
    ///   first seen, newest first, then id) holding every column of `FeedCache.entryHeads`, so the
    ///   heads come from the index alone. Keyed by feed first, a feed's new entries land in a few
    ///   neighbouring pages (an index in river order, across feeds, cost a cold build of 1,000
    ///   feeds a third more CPU in scattered page writes).
    /// - `entry_fallen_off`, a partial index of the entries no longer in their feed's document
    ///   (the only ones retention may delete): pruning a feed with none is one index probe.
    private static let version3 = """
        DROP INDEX entry_by_date;
        CREATE INDEX entry_feed_head ON entry (feed_url, coalesce(published, first_seen) DESC, id,
                                               first_seen, published, link, in_document);
        CREATE INDEX entry_fallen_off ON entry (feed_url) WHERE in_document = 0;
        """

    /// v4: what the merged feeds say about each entry's source feed (RFC 4287 §4.2.11
    /// `atom:source`) and its language, kept so that a 304 or a failing feed still has them:
    /// `feed.feed_id` (Atom `<id>`), `feed.updated`, `feed.author_name`/`_email`/`_uri`,
    /// `feed.language`; and `entry.language` (`Entry.language`). Rows written before v4 have
    /// NULLs until their feed's next document.
    private static let version4 = """
        ALTER TABLE feed ADD COLUMN feed_id TEXT;
        ALTER TABLE feed ADD COLUMN updated REAL;
        ALTER TABLE feed ADD COLUMN author_name TEXT;
        ALTER TABLE feed ADD COLUMN author_email TEXT;
        ALTER TABLE feed ADD COLUMN author_uri TEXT;
        ALTER TABLE feed ADD COLUMN language TEXT;
        ALTER TABLE entry ADD COLUMN language TEXT;
        """

    /// v5: two facts about an entry, set when it is first recorded and never rewritten:
    /// - `entry.backlog`, 1 for an entry of a feed's first fetch beyond its newest
    ///   `new_feed_items` (Planet Venus, Planet 2.x): kept as already seen, never shown by the river;
    /// - `entry.position`, its 0-based place in the document that brought it, so entries first
    ///   seen at the same time (the undated entries of one fetch) keep the document's order.
    /// `entry_feed_head` is rebuilt to cover both, so the heads still come from the index alone.
    /// Rows written before v5 are not backlog and have position 0.
    /// And `feed.image`: the feed's own image (logo, else icon) from its last document, for faces;
    /// and the table `hidden`: entry ids or links an admin hid with `planet hide`; and the table
    /// `reading_list`: the feeds of each reading list's last good OPML (JSON `[{"url","title"}]`)
    /// with its validators.
    private static let version5 = """
        CREATE TABLE reading_list (
            url           TEXT PRIMARY KEY NOT NULL,
            etag          TEXT,
            last_modified TEXT,
            feeds         TEXT NOT NULL,
            fetched_at    REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE hidden (
            value     TEXT PRIMARY KEY NOT NULL,
            hidden_at REAL NOT NULL
        ) WITHOUT ROWID;
        ALTER TABLE feed ADD COLUMN image TEXT;
        ALTER TABLE entry ADD COLUMN backlog INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE entry ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
        DROP INDEX entry_feed_head;
        CREATE INDEX entry_feed_head ON entry (feed_url, coalesce(published, first_seen) DESC, id,
                                               first_seen, published, link, in_document, backlog, position);
        """

    /// v6: the sanitized summary and content of an entry that has been shown, and the
    /// `HTMLSanitizer.version` that made them (NULL: none stored). The raw HTML stays in `summary`
    /// and `content`, so a newer sanitizer still applies to old entries; the upsert clears the
    /// version when the raw HTML or its base changes. An entry whose HTML is costly to sanitize
    /// (hostile markup) is then paid for once, not on every build that shows it.
    private static let version6 = """
        ALTER TABLE entry ADD COLUMN clean_summary TEXT;
        ALTER TABLE entry ADD COLUMN clean_content TEXT;
        ALTER TABLE entry ADD COLUMN clean_version INTEGER;
        """

    /// v7: indexes that find other copies of a post without reading every row
    /// (`FeedCache.olderCopies`): `entry_by_id` on the entry id, and `entry_by_link_key` on
    /// `link_key`, a coarse key of the link (host and path, ASCII lower-cased, without scheme,
    /// `www.`, port, query, fragment and trailing slashes; `FeedCache.coarseLinkKey` computes the
    /// same in Swift). The key is built by VIRTUAL generated columns, one step each, so only the
    /// index stores it; links that `DuplicateLink.key` calls equal always share it.
    private static let version7 = """
        ALTER TABLE entry ADD COLUMN lk_rest TEXT GENERATED ALWAYS AS
            (lower(CASE WHEN instr(link, '://') > 0 THEN substr(link, instr(link, '://') + 3) ELSE link END)) VIRTUAL;
        ALTER TABLE entry ADD COLUMN lk_unfragmented TEXT GENERATED ALWAYS AS
            (substr(lk_rest, 1, instr(lk_rest || '#', '#') - 1)) VIRTUAL;
        ALTER TABLE entry ADD COLUMN lk_bare TEXT GENERATED ALWAYS AS
            (substr(lk_unfragmented, 1, instr(lk_unfragmented || '?', '?') - 1)) VIRTUAL;
        ALTER TABLE entry ADD COLUMN lk_authority TEXT GENERATED ALWAYS AS
            (CASE WHEN instr(lk_bare, '/') > 0 THEN substr(lk_bare, 1, instr(lk_bare, '/') - 1) ELSE lk_bare END) \
        VIRTUAL;
        ALTER TABLE entry ADD COLUMN lk_host TEXT GENERATED ALWAYS AS
            (CASE WHEN substr(lk_authority, 1, 4) = 'www.' THEN substr(lk_authority, 5) ELSE lk_authority END) VIRTUAL;
        ALTER TABLE entry ADD COLUMN link_key TEXT GENERATED ALWAYS AS
            ((CASE WHEN instr(lk_host, ':') > 0 AND substr(lk_host, 1, 1) <> '['
                   THEN substr(lk_host, 1, instr(lk_host, ':') - 1) ELSE lk_host END)
             || rtrim(CASE WHEN instr(lk_bare, '/') > 0 THEN substr(lk_bare, instr(lk_bare, '/')) ELSE '' END, '/')) \
        VIRTUAL;
        CREATE INDEX entry_by_id ON entry (id);
        CREATE INDEX entry_by_link_key ON entry (link_key) WHERE link_key IS NOT NULL;
        """

    /// v8, what lets a build that changed nothing write nothing, and v7's keys made cheap:
    /// - `entry.link_key` becomes a plain column that planet fills on every insert and update
    ///   (`FeedCache.coarseLinkKey`, the same key v7 computed), instead of v7's chain of VIRTUAL
    ///   generated columns. SQLite inlined each step of the chain into every statement that
    ///   writes `entry`, several times over: an entry upsert was a program of 11,460 opcodes
    ///   (226 now), computed per row, and a prune that deleted nothing cost ~130,000 instructions
    ///   (Benchmarks/PERF.md). The keys of the rows already cached are copied from the old column
    ///   (one pass that rewrites every row, once); the index is rebuilt on the new column.
    /// - `feed.failing_since`: the first failed attempt of the current run of failures (NULL when
    ///   the last attempt succeeded), what the status page shows instead of a count that grows on
    ///   every build. Feeds already failing get their last attempt.
    /// - `feed.entries_kept` and `feed.newest_entry` (published, else first seen): what the status
    ///   and `activity_threshold` read, kept up to date whenever a feed's entries change, so a build
    ///   does not count every entry.
    /// - `cache_state.content_version`: a number planet raises whenever a change of the cache
    ///   could change the site (an entry, what the site shows of a feed, a hidden entry, a reading
    ///   list), and `site`: per output folder, when its content last changed, the fingerprint of
    ///   what it was built from, until when time alone cannot change it, and its files' sizes,
    ///   mtimes and inodes (`SiteRecord`).
    private static let version8 = """
        ALTER TABLE entry ADD COLUMN link_key_stored TEXT;
        UPDATE entry SET link_key_stored = link_key WHERE link IS NOT NULL;
        DROP INDEX entry_by_link_key;
        ALTER TABLE entry DROP COLUMN link_key;
        ALTER TABLE entry DROP COLUMN lk_host;
        ALTER TABLE entry DROP COLUMN lk_authority;
        ALTER TABLE entry DROP COLUMN lk_bare;
        ALTER TABLE entry DROP COLUMN lk_unfragmented;
        ALTER TABLE entry DROP COLUMN lk_rest;
        ALTER TABLE entry RENAME COLUMN link_key_stored TO link_key;
        CREATE INDEX entry_by_link_key ON entry (link_key) WHERE link_key IS NOT NULL;
        ALTER TABLE feed ADD COLUMN failing_since REAL;
        UPDATE feed SET failing_since = last_attempt WHERE failure_streak > 0;
        ALTER TABLE feed ADD COLUMN entries_kept INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE feed ADD COLUMN newest_entry REAL;
        UPDATE feed SET entries_kept = (SELECT count(*) FROM entry WHERE entry.feed_url = feed.url),
                        newest_entry = (SELECT max(coalesce(published, first_seen)) FROM entry \
        WHERE entry.feed_url = feed.url);
        CREATE TABLE cache_state (
            id              INTEGER PRIMARY KEY CHECK (id = 1),
            content_version INTEGER NOT NULL
        );
        INSERT INTO cache_state (id, content_version) VALUES (1, 0);
        CREATE TABLE site (
            output          TEXT PRIMARY KEY NOT NULL,
            changed_at      REAL NOT NULL,
            fingerprint     TEXT NOT NULL,
            content_version INTEGER NOT NULL,
            valid_until     REAL,
            entries         INTEGER NOT NULL,
            manifest        TEXT NOT NULL
        ) WITHOUT ROWID;
        """

    /// v9: how long each feed's last fetch took, seconds (the transfer, not the wait for a place):
    /// the next build starts the slowest first (`FetchOrder`, issue 30).
    private static let version9 = """
        CREATE TABLE fetch_time (
            feed_url TEXT PRIMARY KEY NOT NULL,
            seconds  REAL NOT NULL
        ) WITHOUT ROWID;
        """

    /// v10, what the servers say about how often to fetch each feed (issue 25, `FeedState+Schedule`):
    /// - `feed.stated_interval`: seconds, what the last document states (RSS `<ttl>`,
    ///   `sy:updatePeriod` / `sy:updateFrequency`: `Feed.updateInterval`); kept through 304s.
    /// - `feed.fresh_for`: seconds, how long the last response stayed fresh after it arrived
    ///   (`Cache-Control: max-age`, `Expires`, less `Age`: `HTTPFreshness`); a 304 that says
    ///   nothing keeps it (RFC 9111 §4.3.4).
    /// - `feed.next_fetch`: the instant the feed is next due, as the last build that fetched it
    ///   computed it (NULL: every build); what the status page shows.
    /// Rows written before v10 have NULLs: every feed is due, as before.
    private static let version10 = """
        ALTER TABLE feed ADD COLUMN stated_interval REAL;
        ALTER TABLE feed ADD COLUMN fresh_for REAL;
        ALTER TABLE feed ADD COLUMN next_fetch REAL;
        """

    /// v11 (named `faceCopies`, not a number: the order in `migrations` gives the number): the
    /// table `face`, the last good copy of each face planet fetched into the site (a `face` URL,
    /// a feed's logo, icon or avatar; issue 27), with its validators for the next build's
    /// conditional GET. `image_type` is the file extension its
    /// magic bytes gave (`png`, `jpg`, `gif`, `webp`, `avif`).
    private static let faceCopies = """
        CREATE TABLE face (
            url           TEXT PRIMARY KEY NOT NULL,
            image_type    TEXT NOT NULL,
            data          BLOB NOT NULL,
            etag          TEXT,
            last_modified TEXT,
            fetched_at    REAL NOT NULL
        );
        """
}
