import Foundation
import Testing

@testable import PlanetCLI

@Suite("planet import and export")
struct ImportCommandTests {
    private func read(_ folder: URL, _ name: String = "feeds.txt") throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    private func write(_ text: String, _ folder: URL, _ name: String = "feeds.txt") throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    static let nestedOPML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <opml version="2.0">
          <head><title>Exported</title></head>
          <body>
            <outline text="Top level" type="rss" xmlUrl="https://top.example/feed.xml" htmlUrl="https://top.example/"/>
            <outline text="Tech">
              <outline text="Swift">
                <outline type="rss" text="Swift.org" title="Swift.org" xmlUrl="https://www.swift.org/atom.xml"/>
                <outline type="rss" text="Already here" xmlUrl="https://A.org/feed"/>
                <outline type="rss" text="Forums" xmlUrl="forums.swift.org/latest.rss"/>
              </outline>
              <outline type="rss" text="LWN" xmlUrl="https://lwn.net/headlines/rss"/>
            </outline>
            <outline text="Broken">
              <outline type="rss" text="FTP" xmlUrl="ftp://old.example/feed"/>
            </outline>
          </body>
        </opml>
        """

    @Test func importsAnOPMLFileWithNestedFolders() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try write("title = T\n\n# mine\nhttps://a.org/feed Already\n", folder)
        try write(Self.nestedOPML, folder, "subscriptions.opml")
        let outcome = await runPlanet(["import", "subscriptions.opml"], in: folder)
        #expect(outcome.status == 0)
        #expect(
            outcome.err == "planet import: warning: subscriptions.opml: skipped: 'ftp://old.example/feed' "
                + "uses the scheme 'ftp:'; planet reads http, https and file URLs\n")
        #expect(outcome.out == "imported 4 feeds from subscriptions.opml (1 already listed)\n")
        #expect(
            try read(folder) == """
                title = T

                # mine
                https://a.org/feed Already
                https://top.example/feed.xml Top level
                    link = https://top.example/
                # Tech / Swift
                https://www.swift.org/atom.xml Swift.org
                https://forums.swift.org/latest.rss Forums
                # Tech
                https://lwn.net/headlines/rss       LWN

                """)
    }

    @Test func exportThenImportRoundTripsToTheSameList() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        let original = """
            title = Ben & Jerry's
            owner = Jane <jane@example.org>
            # a comment
            https://a.org/f?x=1&y=2  A "quoted" <name>
            https://b.org/f
            https://xn--bcher-kva.example/atom  Bücher
            feeds/local.xml  Local file

            """
        try write(original, folder)
        let exported = await runPlanet(["export"], in: folder)
        #expect(exported.status == 0)
        try write(exported.out, folder, "planet.opml")
        let other = folder.appendingPathComponent("other", isDirectory: true)
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try write("title = Other\n", other)
        // The list holds a local file: importing it takes --allow-files.
        let imported = await runPlanet(
            ["import", "planet.opml", "--config", "other/feeds.txt", "--allow-files"], in: folder)
        #expect(imported.status == 0)
        #expect(imported.out == "imported 4 feeds from planet.opml (0 already listed)\n")
        let before = await runPlanet(["list", "--json"], in: folder)
        let after = await runPlanet(["list", "--json", "--config", "other/feeds.txt"], in: folder)
        let feeds = { (text: String) throws -> [String] in
            let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
            return array.map { "\($0["url"] ?? "") \($0["name"] ?? "")" }
        }
        #expect(try feeds(after.out) == feeds(before.out))
        #expect(try feeds(after.out).count == 4)
        let again = await runPlanet(
            ["import", "planet.opml", "--config", "other/feeds.txt", "--allow-files"], in: folder)
        #expect(again.out == "imported 0 feeds from planet.opml (4 already listed)\n")
    }

    @Test("OPML: title, folders, htmlUrl and category survive import, export and import again")
    func opmlRoundTripWithoutLoss() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try write(
            """
            <?xml version="1.0"?>
            <opml version="2.0"><head><title>Planet Round</title></head><body>
            <outline text="Solo" type="rss" xmlUrl="https://solo.example/feed" htmlUrl="https://solo.example/"/>
            <outline text="Tech"><outline text="Swift">
            <outline text="Swift.org" type="rss" xmlUrl="https://www.swift.org/atom.xml" category="lang,apple/swift"/>
            </outline>
            <outline text="LWN" type="rss" xmlUrl="https://lwn.net/headlines/rss" htmlUrl="https://lwn.net/"/>
            </outline></body></opml>
            """, folder, "in.opml")
        let first = await runPlanet(["import", "in.opml"], in: folder)
        #expect(first.status == 0, "\(first.err)")
        let imported = try read(folder)
        #expect(imported.hasPrefix("title = Planet Round\n"), "\(imported)")
        #expect(
            imported.contains("\n    link = https://lwn.net/\n")
                && imported.contains("    category = lang, apple/swift\n"))
        let exported = await runPlanet(["export"], in: folder)
        #expect(exported.status == 0)
        #expect(exported.out.contains("<title>Planet Round</title>"))
        #expect(
            exported.out.contains("htmlUrl=\"https://solo.example/\"")
                && exported.out.contains("category=\"lang,apple/swift\""))
        #expect(exported.out.contains("<outline text=\"Tech\">\n      <outline text=\"Swift\">"), "\(exported.out)")
        let again = folder.appendingPathComponent("again", isDirectory: true)
        try FileManager.default.createDirectory(at: again, withIntermediateDirectories: true)
        try write(exported.out, again, "out.opml")
        #expect(await runPlanet(["import", "out.opml"], in: again).status == 0)
        #expect(try read(again) == imported)
    }

    @Test func localFilesInAForeignOPMLAreSkippedUnlessAllowed() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        let opml = """
            <opml version="2.0"><body>
            <outline text="Zero" xmlUrl="/dev/zero"/>
            <outline text="Keys" xmlUrl="file:///home/jane/.ssh/id_rsa"/>
            <outline text="Relative" xmlUrl="./feeds/local.xml"/>
            <outline text="Web" xmlUrl="https://a.org/feed"/>
            </body></opml>
            """
        try write(opml, folder, "foreign.opml")
        try write("title = T\n", folder)
        let outcome = await runPlanet(["import", "foreign.opml"], in: folder)
        #expect(outcome.status == 0)
        #expect(outcome.out == "imported 1 feed from foreign.opml (0 already listed)\n")
        #expect(outcome.err.components(separatedBy: "(pass --allow-files to import local files)").count - 1 == 3)
        #expect(outcome.err.contains("skipped the local file '/dev/zero'"))
        #expect(try read(folder) == "title = T\nhttps://a.org/feed   Web\n")
        let allowed = await runPlanet(["import", "foreign.opml", "--allow-files"], in: folder)
        #expect(allowed.out == "imported 3 feeds from foreign.opml (1 already listed)\n")
    }

    @Test func namesWithACommentMarkReadBackAsGiven() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        let opml = """
            <opml version="2.0"><body>
            <outline text="hash # tag" xmlUrl="https://a.org/feed"/>
            <outline text="#1 blog" xmlUrl="https://b.org/feed"/>
            <outline text="C# Corner" xmlUrl="https://c.org/feed"/>
            </body></opml>
            """
        try write(opml, folder, "names.opml")
        #expect(await runPlanet(["import", "names.opml"], in: folder).status == 0)
        let added = await runPlanet(["add", "--no-fetch", "https://d.org/feed", "back \\# slash # x"], in: folder)
        #expect(added.status == 0)
        let listed = await runPlanet(["list", "--json"], in: folder)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [[String: Any]])
        #expect(array.map { $0["name"] as? String } == ["hash # tag", "#1 blog", "C# Corner", "back \\# slash # x"])
        #expect(try read(folder).contains("hash \\# tag"))
    }

    struct BadCase: CustomTestStringConvertible, Sendable {
        var id: String
        var file: String
        var message: String
        var testDescription: String { id }
    }

    static let badCases: [BadCase] = [
        BadCase(
            id: "RSS instead of OPML", file: "<rss version=\"2.0\"><channel/></rss>",
            message: "planet import: in.txt: unreadable document: the root element is 'rss', not 'opml'\n"),
        BadCase(
            id: "OPML without feeds", file: "<opml><body><outline text=\"Empty\"/></body></opml>",
            message: "planet import: in.txt: no feeds found (expected <outline xmlUrl=\"…\"> in the OPML body)\n"),
        BadCase(
            id: "INI without feeds", file: "[Planet]\nname = x\n",
            message: "planet import: in.txt: no feed sections found (expected '[https://…]' sections "
                + "of a Planet Venus config.ini, or an OPML file)\n"),
        BadCase(
            id: "empty", file: "",
            message: "planet import: in.txt: no feed sections found (expected '[https://…]' sections "
                + "of a Planet Venus config.ini, or an OPML file)\n")
    ]

    @Test(arguments: badCases)
    func refusesAFileWithoutFeedsAndChangesNothing(_ testCase: BadCase) async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try write("title = T\n", folder)
        try write(testCase.file, folder, "in.txt")
        let outcome = await runPlanet(["import", "in.txt"], in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.err == testCase.message)
        #expect(try read(folder) == "title = T\n")
    }

    @Test func aMissingFileIsBadInput() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try write("title = T\n", folder)
        let outcome = await runPlanet(["import", "nope.opml"], in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.err == "planet import: nope.opml: cannot be read (No such file or directory)\n")
    }

    @Test func importsAVenusConfigSkippingDuplicates() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try "# mine\nhttps://a.org/feed Already\n".write(
            to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        let ini = """
            [Planet]
            name = Planet Venus
            link = https://venus.example.org/
            owner_name = Sam Ruby
            owner_email = rubys@example.org
            items_per_page: 30
            cache_directory = cache

            [DEFAULT]
            template_files = index.html.tmpl

            ; a comment
            [https://a.org/feed]
            name = Duplicate

            [https://b.org/atom.xml]
            name = Bee
              Sharp

            [http://c.org/rss]
            """
        try ini.write(to: folder.appendingPathComponent("config.ini"), atomically: true, encoding: .utf8)
        let outcome = await runPlanet(["import", "config.ini"], in: folder)
        #expect(outcome.status == 0)
        #expect(
            outcome.out == "imported 2 feeds from config.ini (1 already listed); "
                + "settings set: title, link, owner, items_per_page\n")
        #expect(
            try read(folder) == """
                title = Planet Venus
                link = https://venus.example.org/
                owner = Sam Ruby <rubys@example.org>
                items_per_page = 30

                # mine
                https://a.org/feed Already
                https://b.org/atom.xml Bee Sharp
                http://c.org/rss

                """)
    }

    private static let venusIni = """
        [Planet]
        name = Planet Venus
        link = https://venus.example.org/
        owner_name =

        [https://a.org/feed]
        name = Ay
        """

    @Test func importWithoutFeedsTxtCreatesIt() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try Self.venusIni.write(to: folder.appendingPathComponent("config.ini"), atomically: true, encoding: .utf8)
        let outcome = await runPlanet(["import", "config.ini"], in: folder)
        #expect(outcome.status == 0)
        #expect(outcome.err == "")
        #expect(
            outcome.out == "imported 1 feed from config.ini into the new feeds.txt (0 already listed); "
                + "settings set: title, link\n")
        #expect(
            try read(folder) == "title = Planet Venus\nlink = https://venus.example.org/\n\nhttps://a.org/feed   Ay\n")
        // No temporary file is left; the edit lock's empty file stays (FeedListLock).
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(leftovers == [".feeds.txt.lock", "config.ini", "feeds.txt"])
    }

    @Test func importReplacesInitPlaceholdersButNotEditedSettings() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        #expect(await runPlanet(["init"], in: folder).status == 0)
        let feeds = folder.appendingPathComponent("feeds.txt")
        let edited = try read(folder).replacingOccurrences(
            of: "link = https://planet.example.org/",
            with: "link = https://mine.example/")
        try edited.write(to: feeds, atomically: true, encoding: .utf8)
        try Self.venusIni.write(to: folder.appendingPathComponent("config.ini"), atomically: true, encoding: .utf8)
        let outcome = await runPlanet(["import", "config.ini"], in: folder)
        #expect(outcome.status == 0)
        #expect(outcome.out == "imported 1 feed from config.ini (0 already listed); settings set: title\n")
        let text = try read(folder)
        #expect(
            text.contains("\ntitle = Planet Venus\nlink = https://mine.example/\nowner = Your Name <you@example.org>\n")
        )
    }
}

/// What an OPML file from elsewhere must not do to feeds.txt, and what no message may show.
@Suite("planet import: relative xmlUrl, and credentials in messages")
struct ImportRelativeAndCredentialsTests {
    @Test("a relative xmlUrl is skipped with a warning instead of becoming https://feed.xml/")
    func relativeXMLURLIsSkipped() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try """
        <opml version="2.0"><body>
        <outline type="rss" text="Relative" xmlUrl="feed.xml"/>
        <outline type="rss" text="Folder" xmlUrl="feeds/a.xml"/>
        <outline type="rss" text="Hostlike" xmlUrl="forums.swift.org/latest.rss"/>
        </body></opml>
        """.write(to: folder.appendingPathComponent("list.opml"), atomically: true, encoding: .utf8)
        let outcome = await runPlanet(["import", "list.opml"], in: folder)
        #expect(outcome.status == 0, "\(outcome.err)")
        let feeds = try String(contentsOf: folder.appendingPathComponent("feeds.txt"), encoding: .utf8)
        #expect(!feeds.contains("https://feed.xml") && !feeds.contains("https://feeds/"), "\(feeds)")
        #expect(feeds.contains("https://forums.swift.org/latest.rss"), "\(feeds)")
        #expect(outcome.err.contains("skipped 'feed.xml': xmlUrl is not an absolute URL"), "\(outcome.err)")
        #expect(outcome.err.contains("skipped 'feeds/a.xml'"), "\(outcome.err)")
    }

    @Test("planet add, list and list --json never print the password of a feed URL")
    func credentialsStayOutOfMessages() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try "title = T\n".write(to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        let added = await runPlanet(
            ["add", "https://jane:s3cretpass@feeds.example/private.xml", "--no-fetch"], in: folder)
        #expect(added.status == 0, "\(added.err)")
        let feeds = try String(contentsOf: folder.appendingPathComponent("feeds.txt"), encoding: .utf8)
        #expect(feeds.contains("jane:s3cretpass@"), "feeds.txt keeps the credentials the feed needs")
        let listed = await runPlanet(["list"], in: folder)
        let json = await runPlanet(["list", "--json"], in: folder)
        for outcome in [added, listed, json] {
            #expect(!(outcome.out + outcome.err).contains("s3cret"), "\(outcome.out)\(outcome.err)")
        }
        #expect(listed.out.contains("https://feeds.example/private.xml"), "\(listed.out)")
    }

    /// An imported xmlUrl with a scheme is not a relative reference: the scheme is `URLScheme.of`'s
    /// (RFC 3986 §3.1), two letters at least so that a drive letter is a path.
    @Test(arguments: [
        ("https://example.org/feed", true), ("  file:///tmp/feed.xml", true), ("feed+x-1.y:rest", true),
        ("C:\\feeds\\a.xml", false), ("feeds/a.xml", false), (":feed", false), ("1abc:x", false),
        ("ex ample:x", false), ("", false)
    ])
    func hasScheme(text: String, expected: Bool) {
        #expect(ImportCommand.hasScheme(text) == expected)
    }

    @Test("Planet 2.x faces are found under output_dir/images/, output_dir read from the folder planet.py ran in")
    func planet2FacesUnderTheOutputFolder() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        let examples = folder.appendingPathComponent("planet2/examples", isDirectory: true)
        let images = folder.appendingPathComponent("planet2/output/images", isDirectory: true)
        try FileManager.default.createDirectory(at: examples, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try Data("png".utf8).write(to: images.appendingPathComponent("joe.png"))
        try "[Planet]\nname = P\noutput_dir = output\n\n[https://joe.example/feed]\nname = Joe\nface = joe.png\n"
            .write(to: examples.appendingPathComponent("config.ini"), atomically: true, encoding: .utf8)
        let outcome = await runPlanet(["import", "planet2/examples/config.ini"], in: folder)
        #expect(outcome.status == 0, "\(outcome.err)")
        #expect(!outcome.err.contains("face 'joe.png' not found"), "\(outcome.err)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("faces/joe.png")) == Data("png".utf8))
    }
}
