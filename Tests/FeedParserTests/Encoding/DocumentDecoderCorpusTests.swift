import Foundation
import Testing

@testable import FeedParser

/// Real feeds from `../shared/corpus/real/` (copied into `Fixtures/encodings/corpus/`), decoded
/// as they are and with their encoding declaration removed (detection must then find it).
@Suite("DocumentDecoder on the real corpus")
struct DocumentDecoderCorpusTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let file: String
        let encoding: String
        /// Text that only a correct decoding produces.
        let text: String
        /// Encoding found once the declaration is removed; nil when the file declares nothing.
        let undeclared: String?
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(
            file: "002-tdiary-rss10-eucjp-ja.xml", encoding: "euc-jp", text: "2005-09-06のツッコミ[6] (麻生)",
            undeclared: "euc-jp"),
        Case(
            file: "006-oren-ru-rss2-windows1251-ru.xml", encoding: "windows-1251",
            text: "В Бузулуке главные стройплощадки – детсад и Ледовый дворец", undeclared: "windows-1251"),
        Case(
            file: "012-kc0011-dvbbs-rss2-gb2312-zh.xml", encoding: "gb18030", text: "建国35周年纪念，华表，和平鸽",
            undeclared: "gb18030"),
        Case(
            file: "016-folha-rss091-iso8859-1-pt.xml", encoding: "windows-1252", text: "situação",
            undeclared: "windows-1252"),
        Case(
            file: "019-2ch-top10news-rss10-shift_jis-ja.xml", encoding: "windows-31j", text: "&#12304;&#37326;",
            undeclared: nil),
        Case(
            file: "036-cercle-psy-rss2-undeclared-latin1-fr.xml", encoding: "windows-1252", text: "développementaux",
            undeclared: nil),
        Case(
            file: "051-citydog-by-rss2-bom-no-encoding-ru.xml", encoding: "utf-8",
            text: "Группа «Серебряная свадьба» ушла в бессрочный отпуск", undeclared: nil),
        Case(
            file: "063-bold-dk-feedcreator-rss2-iso8859-1-da.xml", encoding: "utf-8", text: "København",
            undeclared: "utf-8")
    ]

    @Test("decodes as declared (or detected), to valid UTF-8 that says so", arguments: cases)
    func declared(_ c: Case) throws {
        let decoded = DocumentDecoder.decodeXML(try EncodingFixtures.data("corpus/\(c.file)"), contentType: nil)
        let text = try #require(String(validating: decoded.utf8, as: UTF8.self))
        #expect(decoded.sourceEncoding == c.encoding)
        #expect(text.contains(c.text))
        #expect(text.hasPrefix("<"))
        #expect(!text.contains("\u{FFFD}"))
        if text.hasPrefix("<?xml") {
            let declaration = text.prefix { $0 != ">" }
            #expect(!declaration.contains("encoding") || declaration.contains("encoding=\"UTF-8\""))
        }
    }

    @Test("finds the encoding once the declaration is removed", arguments: cases.filter { $0.undeclared != nil })
    func undeclared(_ c: Case) throws {
        var bytes = try EncodingFixtures.data("corpus/\(c.file)")
        if let range = bytes.firstRange(of: Data("encoding=\"".utf8)),
            let close = bytes[range.upperBound...].firstIndex(of: UInt8(ascii: "\""))
        {
            bytes.removeSubrange(range.lowerBound...close)
        }
        let decoded = DocumentDecoder.decodeXML(bytes, contentType: nil)
        #expect(decoded.sourceEncoding == c.undeclared)
        #expect(String(decoding: decoded.utf8, as: UTF8.self).contains(c.text))
    }
}
