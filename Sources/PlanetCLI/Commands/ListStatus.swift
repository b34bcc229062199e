import FeedParser
import Foundation
import PlanetCache

/// What the cache knows of one feed, for `planet list`: status, last success, entry count.
struct ListStatus: Sendable, Equatable {
    /// `never-fetched`, `ok`, `failing` or `gone` (the JSON values).
    var status: String
    /// When the feed last answered with a document or a 304; nil when it never did.
    var lastSuccess: Date?
    /// Entries the cache keeps for the feed.
    var entries: Int
    /// Kind and message of the last failure (`timeout: …`), nil unless failing or gone.
    var error: String?
    /// Failed attempts in a row.
    var failureStreak: Int = 0
    /// Where the feed moved for good (301/308), nil when it did not.
    var movedTo: String?

    static let neverFetched = ListStatus(status: "never-fetched", lastSuccess: nil, entries: 0, error: nil)

    init(
        status: String, lastSuccess: Date?, entries: Int, error: String?, failureStreak: Int = 0,
        movedTo: String? = nil
    ) {
        self.status = status
        self.lastSuccess = lastSuccess
        self.entries = entries
        self.error = error
        self.failureStreak = failureStreak
        self.movedTo = movedTo
    }

    init(_ state: FeedState, entries: Int) {
        let failing = state.errorKind != nil
        self.init(
            status: state.gone ? "gone" : failing ? "failing" : state.lastSuccess == nil ? "never-fetched" : "ok",
            lastSuccess: state.lastSuccess, entries: entries,
            error: state.errorKind.map { kind in state.errorMessage.map { "\(kind): \($0)" } ?? kind },
            failureStreak: state.failureStreak, movedTo: state.redirectTarget)
    }

    /// `ok`, `never fetched`, `failing (timeout, 3 times)`, `gone (HTTP 410)`, plus `, moved to URL`.
    var text: String {
        var text: String
        switch status {
        case "never-fetched": text = "never fetched"
        case "gone": text = "gone (HTTP 410)"
        case "failing":
            let kind = error.map { String($0.prefix { $0 != ":" }) } ?? "error"
            text = "failing (\(kind), \(failureStreak) time\(failureStreak == 1 ? "" : "s"))"
        default: text = status
        }
        if let movedTo { text += ", moved to \(movedTo)" }
        return text
    }

    /// Last success as RFC 3339 UTC, `-` when none.
    var lastSuccessText: String {
        lastSuccess.map(FeedDateParser.rfc3339) ?? "-"
    }
}
