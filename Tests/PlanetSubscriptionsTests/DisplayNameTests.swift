import Foundation
import Testing

@testable import PlanetSubscriptions

/// The display-name rule of feeds.txt: a `#` at the start or after a blank starts a comment,
/// `\#` and `\\` escape; what `written` gives, `read` gives back.
@Suite("feeds.txt display names")
struct DisplayNameTests {
    @Test(
        "names are read up to a comment, escapes resolved",
        arguments: [
            ("  Jane Doe  # her blog", "Jane Doe"),
            ("  C# Corner", "C# Corner"),
            ("  hash \\# tag", "hash # tag"),
            ("  \\#1 blog", "#1 blog"),
            ("  back \\\\\\# x", "back \\# x"),
            ("  a\\b", "a\\b"),
            ("  # only a comment", nil)
        ] as [(String, String?)])
    func reads(_ rest: String, _ expected: String?) {
        #expect(DisplayName.read(rest[...]) == expected)
    }

    /// ASCII names are read byte by byte; the rule is the one the character reading applies.
    @Test("the byte reading of ASCII text gives what the character reading gives")
    func asciiReadingAgrees() {
        let rests = [
            "  Jane Doe  # her blog", "  C# Corner", "  hash \\# tag", "  \\#1 blog", "  back \\\\\\# x",
            "  a\\b", "  # only a comment", "\tTab\t#x", "  trailing \\", "  \\\\", "  x\r# y", "", " ",
            "  #", "  a#b #c", "  \\ \\#", "  end\\"
        ]
        for rest in rests + ["  Plain Name  ", "\tTabbed\t", "  a  b  "] {
            #expect(DisplayName.readASCII(Array(rest.utf8)) == DisplayName.readCharacters(rest[...]), "\(rest)")
            #expect(DisplayName.read(rest[...]) == DisplayName.readCharacters(rest[...]), "\(rest)")
        }
    }

    @Test(
        "every name written reads back the same",
        arguments: [
            "hash # tag", "#1", "C# Corner", "a \\# b", "trailing \\", "back\\\\slash", "tab\t# x", "plain"
        ])
    func roundTrips(_ name: String) throws {
        var list = try FeedList.parse("title = T\n", file: URL(fileURLWithPath: "/tmp/feeds.txt"))
        let added = list.add(Subscription(url: URL(string: "https://a.org/f")!, name: name))
        #expect(added)
        let reread = try FeedList.parse(list.serialized(), file: URL(fileURLWithPath: "/tmp/feeds.txt"))
        #expect(reread.subscriptions.first?.name == name)
    }
}
