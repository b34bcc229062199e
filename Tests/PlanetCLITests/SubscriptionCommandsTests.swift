import Foundation
import Testing

@testable import PlanetCLI

@Suite("planet init, add, remove, list, export")
struct SubscriptionCommandsTests {
    private func read(_ folder: URL, _ name: String = "feeds.txt") throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func aFreshPlanetListsExactlyTwoFeedsAndInitRefusesToOverwrite() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        let created = await runPlanet(["init", "site"], in: folder)
        #expect(created.status == 0)
        #expect(
            created.out == "created site/feeds.txt, site/pages/about.md and site/templates/ "
                + "(\(DefaultTemplates.files.count) files); edit them, then run 'planet build'\n")
        let listed = await runPlanet(["list", "--config", "site/feeds.txt"], in: folder)
        #expect(listed.status == 0)
        #expect(
            listed.out == """
                NAME           URL                                  STATUS         LAST SUCCESS  ENTRIES
                Swift.org      https://www.swift.org/atom.xml       never fetched  -             0
                Planet Debian  https://planet.debian.org/rss20.xml  never fetched  -             0

                """)
        let json = await runPlanet(["list", "--json", "--config", "site/feeds.txt"], in: folder)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        #expect(
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/.planet").path),
            "list must not create the cache")
        #expect(try read(folder, "site/pages/about.md").hasPrefix("# About"))
        for (path, text) in DefaultTemplates.files {
            #expect(try read(folder, "site/templates/" + path) == text, "templates/\(path)")
        }
        let again = await runPlanet(["init", "site"], in: folder)
        #expect(again.status == 2)
        #expect(again.err == "planet init: site/feeds.txt already exists; nothing was changed\n")
    }

    @Test func initRefusesAFolderWithTemplatesAndWritesNothing() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        let first = try #require(DefaultTemplates.files.keys.sorted().first)
        let existing = folder.appendingPathComponent("templates/" + first)
        try FileManager.default.createDirectory(
            at: existing.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "mine".write(to: existing, atomically: true, encoding: .utf8)
        let outcome = await runPlanet(["init"], in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.err == "planet init: templates/\(first) already exists; nothing was changed\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("feeds.txt").path))
        #expect(try read(folder, "templates/" + first) == "mine")
    }

    @Test func aURLWithoutSchemeGetsHTTPSAndTheSameFeedIsStoredOnce() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try "title = T\nhttps://Example.org/feed  Listed\n".write(
            to: folder.appendingPathComponent("feeds.txt"),
            atomically: true, encoding: .utf8)
        let bare = await runPlanet(["add", "--no-fetch", "example.net/atom.xml"], in: folder)
        #expect(bare.out == "added 'https://example.net/atom.xml' to feeds.txt\n")
        for typed in ["example.org/feed", "https://example.org/feed", "HTTPS://EXAMPLE.ORG:443/feed#x"] {
            let again = await runPlanet(["add", "--no-fetch", typed, "Other name"], in: folder)
            #expect(again.status == 0)
            #expect(
                again.out == "'https://Example.org/feed' (Listed) is already in feeds.txt (line 2); nothing changed\n")
        }
        let twice = await runPlanet(["add", "--no-fetch", "example.net/atom.xml"], in: folder)
        #expect(twice.out == "'https://example.net/atom.xml' is already in feeds.txt (line 3); nothing changed\n")
        #expect(try read(folder) == "title = T\nhttps://Example.org/feed  Listed\nhttps://example.net/atom.xml\n")
    }

    @Test func addTwoRemoveTheFirstKeepsEveryCommentAndSetting() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        let original = "# my planet\ntitle = T\n\n# feeds below\n"
        try original.write(to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        let first = await runPlanet(["add", "--no-fetch", "example.org/one.xml", "One"], in: folder)
        #expect(first.status == 0)
        #expect(first.out == "added 'https://example.org/one.xml' (One) to feeds.txt\n")
        let second = await runPlanet(["add", "https://example.net/two#top", "--no-fetch"], in: folder)
        #expect(second.status == 0)
        let twice = await runPlanet(["add", "--no-fetch", " https://example.net/two "], in: folder)
        #expect(twice.status == 0)
        #expect(twice.out == "'https://example.net/two' is already in feeds.txt (line 6); nothing changed\n")
        let removed = await runPlanet(["remove", "One"], in: folder)
        #expect(removed.status == 0)
        #expect(removed.out == "removed 'https://example.org/one.xml' (One) from feeds.txt\n")
        let listed = await runPlanet(["list", "--json"], in: folder)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [[String: Any]])
        #expect(array.map { $0["url"] as? String } == ["https://example.net/two"])
        #expect(try read(folder) == original + "https://example.net/two\n")
    }

    @Test func badURLsAndMissingFeedsAreErrorsThatChangeNothing() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        let original = "title = T\nhttps://a.org/f A\n"
        try original.write(to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        let ftp = await runPlanet(["add", "--no-fetch", "ftp://example.org/feed"], in: folder)
        #expect(ftp.status == 2)
        #expect(
            ftp.err == "planet add: 'ftp://example.org/feed' uses the scheme 'ftp:'; "
                + "planet reads http, https and file URLs\n")
        let missing = await runPlanet(["remove", "B"], in: folder)
        #expect(missing.status == 2)
        #expect(
            missing.err == "planet remove: feeds.txt: no feed has the URL or name 'B'; "
                + "'planet list' shows the feeds\n")
        #expect(try read(folder) == original)
    }

    @Test func aMalformedFeedsTxtIsReportedAndNotRewritten() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        let broken = "title = T\nhtps://example.org/feed\n"
        try broken.write(to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        let outcome = await runPlanet(["add", "--no-fetch", "https://b.org/f"], in: folder)
        #expect(outcome.status == 2)
        #expect(
            outcome.err == "planet add: feeds.txt:2: 'htps://example.org/feed' is not an http(s) URL or a file path\n")
        #expect(try read(folder) == broken)
    }

    @Test func addFetchesAFileAndNamesTheFeedByItsTitle() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try "title = T\n".write(to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        let rss =
            "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Local Feed</title>"
            + "<link>https://example.org/</link><item><title>A</title><guid>a</guid></item></channel></rss>"
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("feeds"), withIntermediateDirectories: true)
        try rss.write(to: folder.appendingPathComponent("feeds/local.xml"), atomically: true, encoding: .utf8)
        let outcome = await runPlanet(["add", "feeds/local.xml"], in: folder)
        #expect(outcome.status == 0)
        #expect(try read(folder) == "title = T\nfeeds/local.xml   Local Feed\n")
    }

    @Test func listJSONAndExportOPML() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        let text =
            "title = Ben & Jerry's\nowner = Jane <jane@example.org>\nhttps://a.org/f?x=1&y=2  A \"quoted\" name\n"
            + "https://b.org/f\n"
        try text.write(to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        let json = await runPlanet(["list", "--json"], in: folder)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        #expect(array.map { $0["url"] as? String } == ["https://a.org/f?x=1&y=2", "https://b.org/f"])
        #expect(array.map { $0["line"] as? Int } == [3, 4])
        #expect(array[1]["name"] is NSNull)
        let opml = await runPlanet(["export"], in: folder)
        #expect(opml.status == 0)
        #expect(
            opml.out == """
                <?xml version="1.0" encoding="UTF-8"?>
                <opml version="2.0">
                  <head>
                    <title>Ben &amp; Jerry's</title>
                    <ownerName>Jane</ownerName>
                    <ownerEmail>jane@example.org</ownerEmail>
                  </head>
                  <body>
                    <outline type="rss" text="A &quot;quoted&quot; name" title="A &quot;quoted&quot; name" \
                xmlUrl="https://a.org/f?x=1&amp;y=2"/>
                    <outline type="rss" text="https://b.org/f" title="https://b.org/f" xmlUrl="https://b.org/f"/>
                  </body>
                </opml>

                """)
        let other = await runPlanet(["export", "--format", "csv"], in: folder)
        #expect(other.status == 2)
        #expect(other.err == "planet export: unknown format 'csv'; the formats are: opml\n")
    }
}
