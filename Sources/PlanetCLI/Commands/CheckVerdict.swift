import Foundation

/// What `planet check` found for one feed: ok with its title, entry count and newest date, or the
/// problems, each with what to do next.
struct CheckVerdict: Sendable, Equatable {
    /// One thing wrong with a feed.
    struct Problem: Sendable, Equatable {
        /// The kind, as `--json` names it.
        enum Kind: String, Sendable, Equatable, CaseIterable {
            /// feeds.txt lists the feed (by an equal URL) on an earlier line.
            case duplicate
            /// It could not be fetched: the fetcher's failure (HTTP error, DNS, refused, timeout...).
            case fetch
            /// The bytes are not RSS, Atom or JSON Feed (a web page, say).
            case notAFeed = "not-a-feed"
            /// The document ends before its root element closes.
            case cutShort = "cut-short"
            /// It moved for good (301/308): feeds.txt should list the new URL.
            case redirect
            /// It parses but lists no entry.
            case noEntries = "no-entries"
            /// No entry carries a date.
            case noDates = "no-dates"
            /// Its `face` setting names a picture that does not load.
            case face
        }

        var kind: Kind
        /// What is wrong and the next step, e.g. `HTTP 404 Not Found; find the feed's new address`.
        var message: String
    }

    /// The feed's URL (a file by its path), without userinfo.
    var location: String
    /// Its feeds.txt line, 1-based; 0 for a URL given that feeds.txt does not list.
    var line: Int
    /// The feed's own title, when it parsed.
    var title: String?
    /// Entries in the document, when it parsed.
    var entries: Int?
    /// The newest entry's date (published, else updated), UTC, when one has a date.
    var newest: Date?
    /// Empty when the feed passes.
    var problems: [Problem] = []

    var passed: Bool { problems.isEmpty }
}
