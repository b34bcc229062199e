import Testing

@testable import PlanetSubscriptions

/// The byte scans feeds.txt's reader runs over every line, against the plain loops they replace.
@Suite("feeds.txt byte scans")
struct FeedLineScanTests {
    @Test func isASCIIAgreesWithAByteLoopAtEveryLengthAndPosition() {
        for length in 0...19 {
            let plain = String(repeating: "a", count: length)
            #expect(FeedLineReader.isASCII(plain))
            #expect(FeedLineReader.isASCII(plain[...]))
            for position in 0..<max(length, 1) where length > 0 {
                var characters = Array(plain)
                characters[position] = "é"
                let text = String(characters)
                #expect(!FeedLineReader.isASCII(text), "\(length) \(position)")
                // A Substring starting after the non-ASCII character is ASCII again.
                let after = text[text.index(text.startIndex, offsetBy: position + 1)...]
                #expect(FeedLineReader.isASCII(after) == after.utf8.allSatisfy { $0 < 0x80 })
            }
        }
    }

    @Test func containsCRLFAgreesWithAByteLoop() {
        let texts = [
            "", "\r", "\n", "\r\n", "a\rb\nc", "a\r\rb", "abc\r", "abc\r\n", "\r\r\n", "x\n\r", "a b c d e f g h\r\n",
            "line one\nline two\r"
        ]
        for text in texts {
            let expected = Array(text.utf8).indices.dropLast().contains { index in
                Array(text.utf8)[index] == 0x0D && Array(text.utf8)[index + 1] == 0x0A
            }
            #expect(FeedList.containsCRLF(Substring(text).utf8) == expected, "\(Array(text.utf8))")
        }
    }

    @Test func linesAgreeWithSplittingTheBytes() {
        let texts = ["", "\n", "a", "a\n", "\na", "a\n\nb", "é\nü\n\n", "one\ntwo\nthree", "\n\n\n", "x\u{1F600}\ny"]
        for text in texts {
            let expected = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map {
                String(Substring($0))
            }
            #expect(FeedList.lines(of: text).map(String.init) == expected, "\(Array(text.utf8))")
        }
    }
}
