import Foundation
import Testing

@testable import FeedParser

@Suite("OPML subscription lists")
struct OPMLReaderTests {
    @Test func readsNestedFoldersTitleTextAndHTMLURL() throws {
        let opml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0">
              <head><title>My feeds</title></head>
              <body>
                <outline text="Top" title="Top Title" type="rss" xmlUrl="https://top.example/feed" \
            htmlUrl="https://top.example/"/>
                <outline text="Tech">
                  <outline text="Swift">
                    <outline type="rss" text="Swift.org" xmlUrl=" https://www.swift.org/atom.xml "/>
                  </outline>
                  <outline type="rss" text="Only &amp; text" xmlUrl="https://b.example/rss"/>
                </outline>
                <outline title="Untitled folder">
                  <outline type="rss" xmlUrl="example.org/no-scheme"/>
                </outline>
                <outline text="Not a feed" type="link" url="https://example.org/"/>
              </body>
            </opml>
            """
        let outlines = try OPMLReader.outlines(Data(opml.utf8))
        #expect(
            outlines == [
                OPMLOutline(title: "Top Title", xmlURL: "https://top.example/feed", htmlURL: "https://top.example/"),
                OPMLOutline(title: "Swift.org", xmlURL: "https://www.swift.org/atom.xml", folders: ["Tech", "Swift"]),
                OPMLOutline(title: "Only & text", xmlURL: "https://b.example/rss", folders: ["Tech"]),
                OPMLOutline(title: nil, xmlURL: "example.org/no-scheme", folders: ["Untitled folder"])
            ])
    }

    @Test func readsOPML1WithOddAttributeCaseAndLatin1() throws {
        var data = Data("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<opml version=\"1.0\"><body>".utf8)
        data.append(contentsOf: [0x3C, 0x6F, 0x75, 0x74, 0x6C, 0x69, 0x6E, 0x65, 0x20])  // "<outline "
        data.append(Data("title=\"Caf".utf8))
        data.append(0xE9)  // é in ISO-8859-1
        data.append(Data("\" xmlURL=\"http://cafe.example/rss\"/></body></opml>".utf8))
        let outlines = try OPMLReader.outlines(data)
        #expect(outlines == [OPMLOutline(title: "Café", xmlURL: "http://cafe.example/rss")])
    }

    @Test func recoversFromABareAmpersand() throws {
        let opml = "<opml><body><outline text=\"A & B\" xmlUrl=\"https://a.example/?x=1&y=2\"/></body></opml>"
        let outlines = try OPMLReader.outlines(Data(opml.utf8))
        #expect(outlines.map(\.xmlURL) == ["https://a.example/?x=1&y=2"])
        #expect(outlines.map(\.title) == ["A & B"])
    }

    struct BadCase: CustomTestStringConvertible, Sendable {
        var id: String
        var document: String
        var message: String
        var testDescription: String { id }
    }

    static let badCases: [BadCase] = [
        BadCase(id: "blank", document: " \n ", message: "empty document"),
        BadCase(
            id: "an RSS feed", document: "<rss version=\"2.0\"><channel/></rss>",
            message: "unreadable document: the root element is 'rss', not 'opml'"),
        BadCase(
            id: "not XML", document: "[Planet]\nname = x\n",
            message: "unreadable document: line 1: Start tag expected, '<' not found")
    ]

    @Test(arguments: badCases)
    func refusesWhatIsNoOPML(_ testCase: BadCase) {
        #expect {
            _ = try OPMLReader.outlines(Data(testCase.document.utf8))
        } throws: { error in
            (error as? FeedParseError)?.description == testCase.message
        }
    }

    @Test func anEmptyBodyHasNoFeeds() throws {
        #expect(try OPMLReader.outlines(Data("<opml version=\"2.0\"><head/><body/></opml>".utf8)).isEmpty)
    }
}
