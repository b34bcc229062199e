import Foundation
import TestSupport
import Testing

@testable import PlanetCLI

/// `planet check` over feeds served on 127.0.0.1: one feed for each verdict, the exit status,
/// `--json` and `--markdown`.
@Suite("planet check (loopback)")
struct CheckCommandTests {
    static let feed = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Good Feed</title><link>https://example.org/</link>
        <item><title>One</title><guid>1</guid><pubDate>Tue, 02 Jan 2024 03:04:05 GMT</pubDate></item>
        <item><title>Two</title><guid>2</guid><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate></item>
        </channel></rss>
        """
    static let empty = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Empty</title><link>https://example.org/</link>
        </channel></rss>
        """
    static let undated = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Undated</title><link>https://example.org/</link>
        <item><title>One</title><guid>1</guid></item><item><title>Two</title><guid>2</guid></item></channel></rss>
        """
    static let page = """
        <!DOCTYPE html><html><head><meta charset=utf-8><title>A blog</title>
        <link rel=alternate type=application/rss+xml title=Posts href=/blog/feed.xml></head><body>Hi</body></html>
        """

    static func server() async throws -> LoopbackServer {
        try await LoopbackServer.start([
            "/good.xml": .ok(feed),
            "/empty.xml": .ok(empty),
            "/undated.xml": .ok(undated),
            "/blog/": .ok(page, contentType: "text/html; charset=utf-8"),
            "/blog/feed.xml": .ok(feed),
            "/text": .ok("just some words", contentType: "text/plain"),
            "/old.xml": .redirect(to: "/moved.xml", status: 301),
            "/moved.xml": .ok(feed),
            "/alias.xml": .redirect(to: "/good.xml", status: 308),
            "/face.xml": .ok(feed)
        ])
    }

    /// A planet listing one feed of each kind; the face of /face.xml is not in faces/.
    static func planet(_ server: LoopbackServer) throws -> (folder: URL, urls: [String: String]) {
        let folder = try makeFolder()
        let paths = [
            "good": "/good.xml", "empty": "/empty.xml", "undated": "/undated.xml", "blog": "/blog/",
            "text": "/text", "old": "/old.xml", "alias": "/alias.xml", "face": "/face.xml"
        ]
        let urls = paths.mapValues { server.url(for: $0).absoluteString }
        let text = """
            title = Check
            # the feeds
            \(urls["good"]!)   Good
            \(urls["empty"]!)   Empty
            \(urls["undated"]!)   Undated
            \(urls["blog"]!)   Blog
            \(urls["text"]!)   Text
            \(urls["old"]!)   Old
            \(urls["alias"]!)   Alias
            \(urls["face"]!)   Face
                face = nobody.png
            \(urls["good"]!)   Good again

            """
        try text.write(to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        return (folder, urls)
    }

    @Test func everyVerdictHasItsLineAndAFailingFeedExits1() async throws {
        let server = try await Self.server()
        let (folder, urls) = try Self.planet(server)
        defer { removeFolder(folder) }
        let outcome = await runPlanet(["check", "--timeout", "10"], in: folder)
        await server.stop()
        let feed = server.url(for: "/blog/feed.xml").absoluteString
        let moved = server.url(for: "/moved.xml").absoluteString
        let facts = "\"Good Feed\", 2 entries, newest 2024-01-02T03:04:05Z"
        let expected = [
            "feeds.txt:3: ok '\(urls["good"]!)': \(facts)",
            "feeds.txt:4: failed '\(urls["empty"]!)': no-entries: the feed lists no entries; check that it is the "
                + "feed of the posts (not of the comments), or add it once the blog has a post",
            "feeds.txt:5: failed '\(urls["undated"]!)': no-dates: no entry has a date (published or updated), so "
                + "every entry would be dated when planet first sees it and the whole feed would land on top at "
                + "once; ask the blog to date its entries",
            "feeds.txt:6: failed '\(urls["blog"]!)': not-a-feed: a web page, not a feed; it links the feed "
                + "'\(feed)': list that URL instead",
            "feeds.txt:7: failed '\(urls["text"]!)': not-a-feed: not a feed",
            "feeds.txt:8: failed '\(urls["old"]!)': redirect: it moved permanently (301/308) to '\(moved)'; list "
                + "that URL instead",
            "feeds.txt:9: failed '\(urls["alias"]!)': duplicate: it redirects to '\(urls["good"]!)': feeds.txt "
                + "lists this feed already, on line 3; remove one of the two lines",
            "feeds.txt:10: failed '\(urls["face"]!)': face: face 'nobody.png' is not a file in the faces/ folder "
                + "beside feeds.txt; add the picture there",
            "feeds.txt:12: failed '\(urls["good"]!)': duplicate: feeds.txt lists this feed already, on line 3; "
                + "remove one of the two lines",
            "planet check: 9 feeds checked, 8 failed"
        ]
        let lines = outcome.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(outcome.status == 1, "\(outcome.err)")
        #expect(lines.count == expected.count + 1, "\(outcome.out)")
        for (line, want) in zip(lines, expected) {
            // The plain text's message says what the parser said: its start is the contract.
            #expect(line.hasPrefix(want), "\(line)\nwanted: \(want)")
        }
        #expect(
            outcome.err
                == "planet check: warning: feeds.txt:12: '\(urls["good"]!)' as 'Good again' is already listed on "
                + "line 3; this line is ignored\n")
    }

    @Test func jsonHasEveryVerdictWithItsKind() async throws {
        let server = try await Self.server()
        let (folder, urls) = try Self.planet(server)
        defer { removeFolder(folder) }
        let outcome = await runPlanet(["check", "--json", "--timeout", "10"], in: folder)
        await server.stop()
        #expect(outcome.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.out.utf8)) as? [String: Any])
        #expect(object["passed"] as? Bool == false)
        #expect(object["config"] as? String == "feeds.txt")
        #expect(object["error"] is NSNull)
        let feeds = try #require(object["feeds"] as? [[String: Any]])
        let kinds = feeds.map { feed in
            ((feed["problems"] as? [[String: Any]]) ?? []).compactMap { $0["kind"] as? String }
        }
        #expect(
            kinds == [
                [], ["no-entries"], ["no-dates"], ["not-a-feed"], ["not-a-feed"], ["redirect"], ["duplicate"],
                ["face"], ["duplicate"]
            ])
        #expect(feeds.map { $0["line"] as? Int } == [3, 4, 5, 6, 7, 8, 9, 10, 12])
        let good = feeds[0]
        #expect(good["url"] as? String == urls["good"])
        #expect(good["passed"] as? Bool == true)
        #expect(good["title"] as? String == "Good Feed")
        #expect(good["entries"] as? Int == 2)
        #expect(good["newest"] as? String == "2024-01-02T03:04:05Z")
        #expect(feeds[1]["entries"] as? Int == 0)
        #expect(feeds[1]["newest"] is NSNull)
        #expect(feeds[8]["title"] is NSNull)
    }

    @Test func markdownIsATableWithEveryFeedAndEscapesWhatTheFeedsSay() async throws {
        let server = try await Self.server()
        let (folder, urls) = try Self.planet(server)
        defer { removeFolder(folder) }
        let outcome = await runPlanet(["check", "--markdown", "--timeout", "10"], in: folder)
        await server.stop()
        #expect(outcome.status == 1)
        let lines = outcome.out.split(separator: "\n").map(String.init)
        // Every ASCII punctuation character is escaped (CommonMark §2.4): it renders as itself.
        #expect(lines.first == "### planet check: 9 feeds checked\\, 8 failed")
        #expect(lines[1] == "| | Feed | Result |")
        #expect(lines[2] == "|---|---|---|")
        #expect(lines.count == 3 + 9)
        let good = CheckReport.escaped(urls["good"]!)
        #expect(
            lines[3] == "| ✅ | \(good) (feeds\\.txt:3) | \\\"Good Feed\\\"\\, 2 entries\\, newest "
                + "2024\\-01\\-02T03\\:04\\:05Z |")
        #expect(lines[4].hasPrefix("| ❌ | \(CheckReport.escaped(urls["empty"]!)) (feeds\\.txt:4) | **no-entries**: "))
        #expect(lines.dropFirst(4).allSatisfy { $0.hasPrefix("| ❌ | ") })
    }

    @Test func feedsThatPassExit0AndAURLNotListedIsCheckedAtLine0() async throws {
        let server = try await Self.server()
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        let good = server.url(for: "/good.xml").absoluteString
        let joining = server.url(for: "/moved.xml").absoluteString
        try "\(good)   Good\n".write(to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        let all = await runPlanet(["check", "--timeout", "10"], in: folder)
        let named = await runPlanet(["check", joining, "--timeout", "10"], in: folder)
        await server.stop()
        let facts = "\"Good Feed\", 2 entries, newest 2024-01-02T03:04:05Z"
        #expect(all.status == 0, "\(all.out)\(all.err)")
        #expect(all.out == "feeds.txt:1: ok '\(good)': \(facts)\nplanet check: 1 feed checked, 0 failed\n")
        #expect(named.status == 0, "\(named.out)\(named.err)")
        #expect(named.out == "ok '\(joining)': \(facts)\nplanet check: 1 feed checked, 0 failed\n")
    }

    @Test func aFaceInFacesPassesAndAFeedsTxtThatDoesNotParseExits1() async throws {
        let server = try await Self.server()
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        let url = server.url(for: "/face.xml").absoluteString
        let faces = folder.appendingPathComponent("faces", isDirectory: true)
        try FileManager.default.createDirectory(at: faces, withIntermediateDirectories: true)
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: faces.appendingPathComponent("jane.png"))
        try "\(url)   Jane\n    face = jane.png\n".write(
            to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        let withFace = await runPlanet(["check", "--timeout", "10"], in: folder)
        try "title = T\nnot a url at all\n".write(
            to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        let broken = await runPlanet(["check", "--json", "--timeout", "10"], in: folder)
        await server.stop()
        #expect(withFace.status == 0, "\(withFace.out)\(withFace.err)")
        #expect(withFace.out.hasPrefix("feeds.txt:1: ok '\(url)': \"Good Feed\""))
        #expect(broken.status == 1, "\(broken.out)\(broken.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(broken.out.utf8)) as? [String: Any])
        #expect((object["error"] as? String)?.hasPrefix("feeds.txt:2:") == true, "\(broken.out)")
        #expect((object["feeds"] as? [Any])?.isEmpty == true)
    }

    @Test func sinceAGitCommitChecksOnlyTheFeedsAddedOrChanged() async throws {
        let server = try await Self.server()
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        let good = server.url(for: "/good.xml").absoluteString
        let empty = server.url(for: "/empty.xml").absoluteString
        let undated = server.url(for: "/undated.xml").absoluteString
        let file = folder.appendingPathComponent("feeds.txt")
        try "\(good)   Good\n\(undated)   Undated\n".write(to: file, atomically: true, encoding: .utf8)
        for arguments in [
            ["init", "--quiet"], ["add", "feeds.txt"],
            ["-c", "user.name=T", "-c", "user.email=t@example.org", "commit", "--quiet", "-m", "feeds"]
        ] {
            #expect(try Self.git(arguments, in: folder) == 0)
        }
        // The pull request renames one feed and adds another; the undated feed is left alone.
        try "\(good)   Good Renamed\n\(undated)   Undated\n\(empty)   Empty\n".write(
            to: file, atomically: true, encoding: .utf8)
        let changed = await runPlanet(["check", "--since", "HEAD", "--timeout", "10"], in: folder)
        let unknown = await runPlanet(["check", "--since", "no-such-branch"], in: folder)
        await server.stop()
        #expect(changed.status == 1, "\(changed.out)\(changed.err)")
        let lines = changed.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(changed.out)")
        #expect(lines.first?.hasPrefix("feeds.txt:1: ok '\(good)'") == true)
        #expect(lines.dropFirst().first?.hasPrefix("feeds.txt:3: failed '\(empty)': no-entries:") == true)
        #expect(lines.last == "planet check: 2 feeds checked, 1 failed")
        #expect(unknown.status == 2)
        #expect(unknown.err.hasPrefix("planet check: --since 'no-such-branch' is not a commit"), "\(unknown.err)")
    }

    /// Runs git in `folder`. - Returns: its exit status.
    static func git(_ arguments: [String], in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-C", folder.path] + arguments
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
