import Foundation
import Planet
import PlanetSubscriptions
import Testing

@testable import PlanetCLI

/// `planet list` columns line up by display width, so CJK names do not push the URLs right.
@Suite("planet list column widths")
struct ListTableWidthTests {
    @Test func wideCharactersCountTwoColumns() throws {
        let rows = [
            ListRow(
                subscription: Subscription(url: try #require(URL(string: "https://a.example/f")), name: "日本語ブログ"),
                status: .neverFetched),
            ListRow(
                subscription: Subscription(url: try #require(URL(string: "https://b.example/f")), name: "Plain name"),
                status: .neverFetched)
        ]
        let lines = ListCommand.table(rows).split(separator: "\n").map(String.init)
        let urlColumns = lines.map { line -> Int in
            let prefix = line.components(separatedBy: "http").first ?? line
            return DisplayWidth.of(prefix)
        }
        #expect(urlColumns[1] == urlColumns[2])
        #expect(lines[1].hasPrefix("日本語ブログ  https://a.example/f"))
        #expect(lines[2].hasPrefix("Plain name    https://b.example/f"))
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var width: Int
        var testDescription: String { text }
    }

    @Test(arguments: [
        Case(text: "abc", width: 3), Case(text: "日本", width: 4), Case(text: "한국어", width: 6),
        Case(text: "ＡＢ", width: 4), Case(text: "é", width: 1), Case(text: "", width: 0)
    ])
    func widthOf(_ testCase: Case) {
        #expect(DisplayWidth.of(testCase.text) == testCase.width)
    }
}
