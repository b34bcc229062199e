import FeedParser
import Foundation
import PlanetBase
import Testing

@testable import PlanetSite

/// status.json is written a feed at a time (`StatusReport.json()`); its bytes are those of the
/// whole report rendered as one `JSONValue` (the reference below, what it was built as before).
@Suite("status.json written a feed at a time")
struct StatusJSONTests {
    /// The report as one value: status.json's shape (StatusReport's doc comment).
    static func reference(_ report: StatusReport) -> String {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func date(_ value: Date?) -> JSONValue { text(value.map(FeedDateParser.rfc3339)) }
        let feeds: [JSONValue] = report.feeds.map { feed in
            .object([
                "url": text(feed.url), "name": .string(feed.name), "outcome": .string(feed.publishedOutcome),
                "newest_entry": date(feed.newestEntry), "failing_since": date(feed.failingSince),
                "last_error": text(feed.lastError), "error_kind": text(feed.errorKind),
                "http_status": feed.publishedHTTPStatus.map(JSONValue.int) ?? .null,
                "entries_kept": .int(feed.entriesKept), "entries_dropped": .int(feed.entriesDropped),
                "future_entries_left_out": .int(feed.futureEntriesLeftOut),
                "redirect_to": text(feed.redirectTo), "gone": .bool(feed.gone),
                "retry_after": date(feed.retryAfter), "next_fetch": date(feed.nextFetch),
                "inactive": .bool(feed.inactive)
            ])
        }
        let object: JSONValue = .object([
            "generated": .string(FeedDateParser.rfc3339(report.generated)), "planet": .string(report.title),
            "feeds": .array(feeds),
            "summary": .object([
                "feeds": .int(report.feeds.count), "ok": .int(report.feeds.filter { !$0.isFailing }.count),
                "failing": .int(report.feeds.filter(\.isFailing).count),
                "redirects_to_apply": .int(report.feeds.filter { $0.redirectTo != nil }.count)
            ])
        ])
        return object.rendered() + "\n"
    }

    static let feeds: [FeedStatus] = {
        var failing = FeedStatus(
            subscriptionURL: "https://a.example/feed", url: "https://a.example/feed", name: "A \"quoted\" é",
            outcome: .failed, lastError: "timeout\nafter 30 s", errorKind: "timeout", httpStatus: 503,
            entriesKept: 4, redirectTo: "https://b.example/feed", gone: true,
            retryAfter: Date(timeIntervalSince1970: 1_704_164_645))
        failing.failingSince = Date(timeIntervalSince1970: 1_704_000_000)
        failing.newestEntry = Date(timeIntervalSince1970: -12_000_000_000)
        failing.entriesDropped = 2
        failing.inactive = true
        var notDue = FeedStatus(
            subscriptionURL: "https://e.example/feed", url: "https://e.example/feed", name: "E", outcome: .notDue,
            httpStatus: 304)
        notDue.nextFetch = Date(timeIntervalSince1970: 1_704_168_245)
        return [
            failing,
            FeedStatus(subscriptionURL: "https://c.example/feed", url: nil, name: "C", outcome: .skipped),
            notDue,
            FeedStatus(
                subscriptionURL: "https://d.example/feed", url: "https://d.example/feed", name: "D", outcome: .ok,
                httpStatus: 304)
        ]
    }()

    @Test("no feed, one, several: the bytes of the report as one value", arguments: [0, 1, 4])
    func sameBytes(count: Int) {
        let report = StatusReport(
            title: "Planet </script>", generated: Date(timeIntervalSince1970: 1_704_164_645),
            feeds: Array(Self.feeds.prefix(count)))
        #expect(String(decoding: report.json(), as: UTF8.self) == Self.reference(report))
    }
}
