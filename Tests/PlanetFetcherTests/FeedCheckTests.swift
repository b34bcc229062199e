import FeedParser
import Foundation
import PlanetFetcher
import TestSupport
import Testing

/// `FeedCheck.check`: a URL someone wants to subscribe to, fetched and checked (a feed, or a page
/// whose feed links are discovered), against documents served on 127.0.0.1.
@Suite("FeedCheck")
struct FeedCheckTests {
    static let rss = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Served Feed</title>
        <link>https://example.org/</link><item><title>One</title><guid>1</guid></item></channel></rss>
        """
    static let untitled = #"<?xml version="1.0"?><rss version="2.0"><channel><title></title></channel></rss>"#
    static let page = """
        <!DOCTYPE html><html><head><title>A blog</title>
        <link rel=alternate type=application/rss+xml title="Posts (RSS)" href=/blog/feed.xml>
        <link rel=alternate type=application/atom+xml title="Posts (Atom)" href="untitled.xml">
        <link rel=alternate type=application/rss+xml title="Gone" href="gone.xml">
        <link rel=alternate type=application/rss+xml title="Not one" href="/plain/">
        </head><body></body></html>
        """

    private static func start() async throws -> LoopbackServer {
        try await LoopbackServer.start([
            "/feed.xml": .ok(Self.rss),
            "/blog/": .ok(Self.page, contentType: "text/html; charset=utf-8"),
            "/blog/feed.xml": .ok(Self.rss),
            "/blog/untitled.xml": .ok(Self.untitled),
            "/blog/gone.xml": .response(LoopbackResponse(status: 404)),
            "/plain/": .ok("<html><head><title>x</title></head><body>no feeds</body></html>", contentType: "text/html")
        ])
    }

    private static let here = URL(fileURLWithPath: "/", isDirectory: true)

    private static func check(_ url: URL, pick: Int? = nil) async -> Result<FeedCheck.Found, FeedCheckError> {
        do {
            return .success(try await FeedCheck.check(url, pick: pick, timeout: 10, currentDirectory: here))
        } catch {
            return .failure(error)
        }
    }

    @Test("a feed is found as it is, named by its title")
    func aFeedIsFound() async throws {
        let server = try await Self.start()
        let url = server.url(for: "/feed.xml")
        let found = try await withDeadline { await Self.check(url) }
        await server.stop()
        #expect(try found.get() == FeedCheck.Found(url: url, title: "Served Feed", discovery: nil))
    }

    @Test("a page's feed links are discovered; the first is taken, or the picked one, named by the link when untitled")
    func aPageLeadsToItsFeeds() async throws {
        let server = try await Self.start()
        let page = server.url(for: "/blog/")
        let (first, second) = try await withDeadline { (await Self.check(page), await Self.check(page, pick: 2)) }
        await server.stop()
        let links = try first.get().discovery?.links ?? []
        let paths = ["/blog/feed.xml", "/blog/untitled.xml", "/blog/gone.xml", "/plain/"]
        #expect(links.map(\.url) == paths.map(server.url))
        let rss = server.url(for: "/blog/feed.xml")
        #expect(
            try first.get()
                == FeedCheck.Found(
                    url: rss, title: "Served Feed",
                    discovery: FeedCheck.Discovery(links: links, index: 0, feedURL: rss)))
        #expect(try second.get().url == server.url(for: "/blog/untitled.xml"))
        #expect(try second.get().title == "Posts (Atom)")
        #expect(try second.get().discovery?.index == 1)
    }

    @Test("what cannot be added says why, with the page's links when it got that far")
    func failures() async throws {
        let server = try await Self.start()
        let page = server.url(for: "/blog/")
        let (tooFar, gone, notOne, plain, missing) = try await withDeadline {
            (
                await Self.check(page, pick: 5), await Self.check(page, pick: 3), await Self.check(page, pick: 4),
                await Self.check(server.url(for: "/plain/")), await Self.check(server.url(for: "/blog/missing.xml"))
            )
        }
        await server.stop()
        func error(_ result: Result<FeedCheck.Found, FeedCheckError>) -> FeedCheckError? {
            if case .failure(let error) = result { return error }
            return nil
        }
        #expect(error(tooFar)?.reason == .noSuchLink(pick: 5))
        #expect(error(tooFar)?.discovery?.links.count == 4 && error(tooFar)?.discovery?.feedURL == nil)
        guard case .fetch(let fetchError)? = error(gone)?.reason, case .failed(let failure) = fetchError.reason else {
            Issue.record("a linked feed that is gone: \(String(describing: error(gone)))")
            return
        }
        #expect(failure.status == 404 && fetchError.url == server.url(for: "/blog/gone.xml"))
        #expect(error(gone)?.url == page && error(gone)?.discovery?.feedURL == server.url(for: "/blog/gone.xml"))
        #expect(error(gone)?.isInput == false)
        guard case .linkedNotAFeed(let parseError)? = error(notOne)?.reason else {
            Issue.record("a linked page that is no feed: \(String(describing: error(notOne)))")
            return
        }
        #expect(parseError.reason == .notAFeed("an HTML page"))
        guard case .notAFeed(let plainError)? = error(plain)?.reason else {
            Issue.record("a page without feed links: \(String(describing: error(plain)))")
            return
        }
        #expect(plainError.reason == .notAFeed("an HTML page") && error(plain)?.discovery == nil)
        #expect(error(plain)?.isInput == true)
        guard case .fetch(let missingError)? = error(missing)?.reason else {
            Issue.record("a missing URL: \(String(describing: error(missing)))")
            return
        }
        let missingURL = server.url(for: "/blog/missing.xml").absoluteString
        #expect(missingError.description.hasPrefix("'\(missingURL)': HTTP 404 Not Found"))
    }
}

/// `Fetcher.document(at:timeout:)`: one document for a command, with its own error.
@Suite("Fetcher: one document")
struct FetcherDocumentTests {
    @Test("an empty file and /dev/null are empty input; a missing file is named by its path as given")
    func files() async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("planet-document-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data().write(to: folder.appendingPathComponent("empty.xml"))
        let empty = URL(fileURLWithPath: "empty.xml", relativeTo: folder)
        let missing = URL(fileURLWithPath: "missing.xml", relativeTo: folder)
        let errors = try await withDeadline {
            var errors: [DocumentFetchError] = []
            for url in [empty, URL(fileURLWithPath: "/dev/null"), missing] {
                do throws(DocumentFetchError) {
                    _ = try await Fetcher.document(at: url, timeout: 10)
                } catch {
                    errors.append(error)
                }
            }
            return errors
        }
        #expect(errors.prefix(2).map(\.reason) == [DocumentFetchError.Reason.empty, .empty])
        #expect(errors.first?.description == "'empty.xml': is empty; a feed file holds RSS, Atom or JSON Feed")
        #expect(errors.first?.isInput == true)
        #expect(errors.count == 3 && errors.last?.isInput == false)
        #expect(errors.last?.description.hasPrefix("'missing.xml'") == true)
        #expect(errors.last?.description.contains(folder.path) == false)
    }
}
