import FeedParser
import Foundation
import Mustache
import PlanetBase

/// The status report published with the site: `status.json` (built here) and the
/// `feeds_status` list given to `templates/status.html.mustache`.
///
/// status.json shape (keys sorted, dates RFC 3339 UTC, absent values null):
/// `{"generated": date, "planet": title, "feeds": [{"url", "name", "outcome"
/// ("ok"|"failed"|"skipped": a 304 is "ok", `FeedStatus.publishedOutcome`), "newest_entry",
/// "failing_since", "last_error", "error_kind", "http_status" (a 304 is 200), "entries_kept",
/// "entries_dropped" (left out of this run's document: only its newest 1,000 entries are read),
/// "future_entries_left_out" (dated after the build time, `future_dates = ignore_entry`),
/// "redirect_to", "gone", "retry_after", "next_fetch" (null: every build), "inactive"}],
/// "summary": {"feeds", "ok", "failing", "redirects_to_apply"}}`.
///
/// Nothing in it changes from one build to the next unless something did (README.md, "Running
/// from cron"): no time of the last attempt, no count of failures in a row (`planet list` shows
/// both, from the cache), `failing_since` instead.
package struct StatusReport: Sendable, Equatable {
    /// The planet's title, plain text (status.json `planet`).
    package var title: String
    /// When the report's content last changed: the time of the build that last changed the
    /// site (status.json `generated`, RFC 3339 UTC; `planet.updated_iso`).
    package var generated: Date
    /// Every subscription, in feeds.txt order.
    package var feeds: [FeedStatus]

    /// Creates a report with the given fields.
    package init(title: String, generated: Date, feeds: [FeedStatus]) {
        self.title = title
        self.generated = generated
        self.feeds = feeds
    }

    /// `status.json`, UTF-8, keys sorted, so the same report gives the same bytes (written with
    /// PlanetBase's `JSONValue`; Foundation's sorted `JSONSerialization` took most of a warm
    /// build of 1,000 feeds). The feeds are written one at a time (`JSONValue.writeArray`): the
    /// whole report as one value was 13.5 MB of dictionaries at 10,000 feeds, the largest
    /// allocation at a build's peak (Benchmarks/PERF.md).
    package func json() -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(512 * feeds.count + 256)
        // The keys in the order `JSONValue` sorts them (by UTF-8 bytes).
        JSONValue.writeObject(keys: ["feeds", "generated", "planet", "summary"], indent: "", to: &out) {
            key, indent, out in
            switch key {
            case "feeds":
                JSONValue.writeArray(feeds.lazy.map(Self.jsonObject), indent: indent, to: &out)
            case "generated":
                JSONValue.string(FeedDateParser.rfc3339(generated)).write(to: &out, indent: indent)
            case "planet":
                JSONValue.string(title).write(to: &out, indent: indent)
            default:
                summary.write(to: &out, indent: indent)
            }
        }
        out.append(UInt8(ascii: "\n"))
        return Data(out)
    }

    /// status.json's `summary`.
    private var summary: JSONValue {
        .object([
            "feeds": .int(feeds.count),
            "ok": .int(feeds.filter { !$0.isFailing }.count),
            "failing": .int(feeds.filter(\.isFailing).count),
            "redirects_to_apply": .int(feeds.filter { $0.redirectTo != nil }.count)
        ])
    }

    private static func jsonObject(_ feed: FeedStatus) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func date(_ value: Date?) -> JSONValue { text(value.map(FeedDateParser.rfc3339)) }
        return .object([
            "url": text(feed.url),
            "name": .string(feed.name),
            "outcome": .string(feed.publishedOutcome),
            "newest_entry": date(feed.newestEntry),
            "failing_since": date(feed.failingSince),
            "last_error": text(feed.lastError),
            "error_kind": text(feed.errorKind),
            "http_status": feed.publishedHTTPStatus.map(JSONValue.int) ?? .null,
            "entries_kept": .int(feed.entriesKept),
            "entries_dropped": .int(feed.entriesDropped),
            "future_entries_left_out": .int(feed.futureEntriesLeftOut),
            "redirect_to": text(feed.redirectTo),
            "gone": .bool(feed.gone),
            "retry_after": date(feed.retryAfter),
            "next_fetch": date(feed.nextFetch),
            "inactive": .bool(feed.inactive)
        ])
    }

    /// The `feeds_status` keys that status.html had before cache schema v8 and that change on
    /// every build: `last_success` (the last time a document or a 304 came), `last_attempt`,
    /// `failure_streak` (failed attempts in a row). They are still given, with that meaning, for
    /// a status template written for them; a build whose templates look one up renders the site
    /// every time, as before v8, instead of writing nothing when nothing else changed
    /// (`Site.references(anyOf:)`; README.md, "Running from cron"). status.json has none of them.
    package static let everyBuildKeys: Set<String> = ["last_success", "last_attempt", "failure_streak"]

    /// The `feeds_status` value of status.html.mustache: one object per feed with the keys of
    /// status.json plus `failing` (bool) and `everyBuildKeys`; dates RFC 3339 UTC strings or
    /// null; `entries_dropped` and `future_entries_left_out` null when 0 (so `{{#entries_dropped}}`
    /// shows only when some were).
    package var mustacheValue: MustacheValue {
        .array(
            feeds.map { feed in
                func text(_ value: String?) -> MustacheValue { value.map { .string($0) } ?? .null }
                return .object([
                    "url": text(feed.url),
                    "name": .string(feed.name),
                    "outcome": .string(feed.publishedOutcome),
                    "failing": .bool(feed.isFailing),
                    "newest_entry": text(feed.newestEntry.map(FeedDateParser.rfc3339)),
                    "failing_since": text(feed.failingSince.map(FeedDateParser.rfc3339)),
                    "last_error": text(feed.lastError),
                    "error_kind": text(feed.errorKind),
                    "http_status": feed.publishedHTTPStatus.map { .int($0) } ?? .null,
                    "entries_kept": .int(feed.entriesKept),
                    "entries_dropped": feed.entriesDropped > 0 ? .int(feed.entriesDropped) : .null,
                    "future_entries_left_out": feed.futureEntriesLeftOut > 0 ? .int(feed.futureEntriesLeftOut) : .null,
                    "redirect_to": text(feed.redirectTo),
                    "gone": .bool(feed.gone),
                    "retry_after": text(feed.retryAfter.map(FeedDateParser.rfc3339)),
                    "next_fetch": text(feed.nextFetch.map(FeedDateParser.rfc3339)),
                    "inactive": .bool(feed.inactive),
                    // `everyBuildKeys`, for status templates written before schema v8.
                    "last_success": text(feed.lastSuccess.map(FeedDateParser.rfc3339)),
                    "last_attempt": text(feed.lastAttempt.map(FeedDateParser.rfc3339)),
                    "failure_streak": .int(feed.failureStreak)
                ])
            })
    }
}
