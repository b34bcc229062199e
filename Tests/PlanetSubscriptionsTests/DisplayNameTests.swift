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

    /// A feeds.txt whose names and plain-text settings hold DEL (0x7F) and C1 controls in UTF-8
    /// (`C2 85`: U+0085), as a file saved from mis-decoded text has them.
    @Test("DEL and C1 controls in names and plain-text settings follow TextControls; the file keeps them")
    func controls() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planet-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("feeds.txt")
        var bytes = Array("title = Planet\u{7F} X\nowner = Jane\u{7F} Doe <j@example.org>\n".utf8)
        bytes += Array("description = One\u{85}two\n".utf8)
        bytes += Array("https://a.org/feed  Jane".utf8) + [0xC2, 0x85] + Array("Doe \u{7F}\n".utf8)
        bytes += Array("https://b.org/feed  Bob".utf8) + [0xC2, 0x92] + Array("s  # comment\n".utf8)
        bytes += Array("https://c.org/feed\n    name = Carol\u{7F}\u{9D}\n".utf8)
        bytes += Array("https://d.org/feed  \u{7F}\n".utf8)
        try Data(bytes).write(to: file)
        let list = try FeedList.load(file)
        #expect(list.subscriptions.map(\.name) == ["Jane…Doe", "Bob’s", "Carol", nil])
        #expect(list.settings.title == "Planet X")
        #expect(list.settings.ownerName == "Jane Doe")
        #expect(list.settings.siteDescription == "One…two")
        #expect(try Data(contentsOf: file) == Data(bytes), "reading changes nothing in the file")
        #expect(list.serialized() == String(decoding: bytes, as: UTF8.self), "the lines are kept as written")
    }
}
