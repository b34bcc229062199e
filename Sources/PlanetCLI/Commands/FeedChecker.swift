import FeedParser
import Foundation
import PlanetBase
import PlanetFetcher
import PlanetSite
import PlanetSubscriptions

/// Checks one feed for `planet check` through the fetcher's and the parser's public API
/// (`Fetcher.document(at:timeout:)`, `Feed.parse`, `FeedDiscovery`), as `planet build` would
/// fetch and read it, and names every problem with its next step.
struct FeedChecker: Sendable {
    /// Earliest 1-based line of each feed of feeds.txt, by `FeedURLNormalizer.comparisonKey`.
    var firstLines: [String: Int]
    /// feeds.txt, for the `faces/` folder beside it and the face sizes.
    var list: FeedList
    /// Seconds allowed to each fetch.
    var timeout: Double

    init(list: FeedList, timeout: Double) {
        var firstLines: [String: Int] = [:]
        for feed in CheckSelection.feedLines(of: list) {
            let key = FeedURLNormalizer.comparisonKey(feed.url)
            if firstLines[key] == nil { firstLines[key] = feed.line }
        }
        self.firstLines = firstLines
        self.list = list
        self.timeout = timeout
    }

    /// The verdict on `feed`: a duplicate is not fetched; a feed that cannot be fetched or parsed
    /// has that one problem; one that parses is checked for a redirect, a duplicate under another
    /// URL, entries, dates and its face.
    func check(_ feed: Subscription) async -> CheckVerdict {
        var verdict = CheckVerdict(location: Self.location(feed.url), line: feed.line)
        if let first = firstLines[FeedURLNormalizer.comparisonKey(feed.url)], first < feed.line {
            verdict.problems.append(.init(kind: .duplicate, message: duplicate(of: first)))
            return verdict
        }
        let document: FetchedDocument
        do {
            document = try await Fetcher.document(at: feed.url, timeout: timeout)
        } catch {
            verdict.problems.append(.init(kind: .fetch, message: error.description))
            return verdict
        }
        let parsed: Feed
        do {
            parsed = try Feed.parse(document.data, url: document.finalURL, contentType: document.contentType)
        } catch {
            verdict.problems.append(.init(kind: .notAFeed, message: notAFeed(document, error)))
            return verdict
        }
        verdict.title = parsed.title.flatMap { $0.isEmpty ? nil : $0 }
        verdict.entries = parsed.entries.count
        verdict.newest = parsed.entries.compactMap { $0.published ?? $0.updated }.max()
        verdict.problems = problems(feed, document, parsed)
        verdict.problems += await faceProblems(feed)
        return verdict
    }

    /// The problems of a feed that parsed, in the order a reader meets them.
    private func problems(_ feed: Subscription, _ document: FetchedDocument, _ parsed: Feed) -> [CheckVerdict.Problem] {
        var problems: [CheckVerdict.Problem] = []
        if parsed.isCutShort {
            problems.append(
                .init(
                    kind: .cutShort,
                    message: "the document ends before its root element closes: it was cut short "
                        + "(by its server or its compression); 'planet parse URL' shows where, try again later"))
        }
        if let moved = document.permanentRedirect {
            let target = Self.location(moved)
            if let first = firstLines[FeedURLNormalizer.comparisonKey(moved)], first != feed.line {
                problems.append(.init(kind: .duplicate, message: "it redirects to '\(target)': " + duplicate(of: first)))
            } else {
                problems.append(
                    .init(
                        kind: .redirect,
                        message: "it moved permanently (301/308) to '\(target)'; list that URL instead"))
            }
        }
        if parsed.entries.isEmpty {
            problems.append(
                .init(
                    kind: .noEntries,
                    message: "the feed lists no entries; check that it is the feed of the posts (not of the "
                        + "comments), or add it once the blog has a post"))
        } else if parsed.entries.allSatisfy({ $0.published == nil && $0.updated == nil }) {
            problems.append(
                .init(
                    kind: .noDates,
                    message: "no entry has a date (published or updated), so every entry would be dated "
                        + "when planet first sees it and the whole feed would land on top at once; ask the "
                        + "blog to date its entries"))
        }
        return problems
    }

    /// The problem of a page that is not a feed: the feeds it links, when it links any.
    private func notAFeed(_ document: FetchedDocument, _ error: FeedParseError) -> String {
        let links = FeedDiscovery.alternateLinks(html: document.data, base: document.finalURL)
        guard let first = links.first else {
            return "not a feed (\(error.description)); list the feed's own URL (the RSS or Atom link of the blog)"
        }
        let others = links.count > 1 ? " (it links \(links.count) feeds; 'planet add URL --pick N' picks another)" : ""
        return "a web page, not a feed; it links the feed '\(Self.location(first.url))': list that URL "
            + "instead\(others)"
    }

    /// The problem of a `face` setting that does not load: a file missing from `faces/`, or an
    /// https URL that cannot be fetched or is not an image.
    private func faceProblems(_ feed: Subscription) async -> [CheckVerdict.Problem] {
        guard let value = feed.settings.face, let reference = FaceReference(value) else { return [] }
        switch reference {
        case .file(let path):
            var faces = Faces(configURL: list.file, settings: list.settings)
            _ = faces.face(for: feed, image: nil)
            guard faces.files.isEmpty else { return [] }
            return [
                .init(
                    kind: .face,
                    message: "face '\(path)' is not a file in the faces/ folder beside feeds.txt; add the "
                        + "picture there")
            ]
        case .url(let text):
            guard let url = URL(string: text) else { return [] }
            do {
                let document = try await Fetcher.document(at: url, timeout: timeout)
                let type = document.contentType?.lowercased() ?? ""
                guard !type.hasPrefix("image/") else { return [] }
                return [
                    .init(
                        kind: .face,
                        message: "face '\(Self.location(url))' is not a picture (Content-Type '\(type)'); "
                            + "give the URL of the image itself")
                ]
            } catch {
                return [.init(kind: .face, message: "face does not load: \(error.description); fix its URL")]
            }
        }
    }

    private func duplicate(of first: Int) -> String {
        "\(list.file.lastPathComponent) lists this feed already, on line \(first); remove one of the two lines"
    }

    /// A URL without userinfo, a file by its path.
    static func location(_ url: URL) -> String {
        url.isFileURL ? url.path : url.displayString
    }
}
