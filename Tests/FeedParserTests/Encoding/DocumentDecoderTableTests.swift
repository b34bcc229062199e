import Foundation
import Testing

@testable import FeedParser

/// One encoding per row: a fixture made with iconv from a known UTF-8 text, declared or not.
@Suite("DocumentDecoder encodings table")
struct DocumentDecoderTableTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let file: String
        let sample: EncodingFixtures.Sample
        /// `sourceEncoding` expected.
        let encoding: String
        /// The declaration label in the output (nil: the file has none).
        let declaration: String?
        /// Whether detection had to guess (one warning) or the labels were right (none).
        let detected: Bool
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(
            file: "latin.windows-1252.xml", sample: .latin, encoding: "windows-1252", declaration: "UTF-8",
            detected: false),
        Case(
            file: "latin.iso-8859-1.xml", sample: .latin, encoding: "windows-1252", declaration: "UTF-8",
            detected: false),
        Case(file: "latin.undeclared.xml", sample: .latin, encoding: "windows-1252", declaration: nil, detected: true),
        Case(file: "russian.koi8-r.xml", sample: .russian, encoding: "koi8-r", declaration: "UTF-8", detected: false),
        Case(
            file: "russian.koi8-r.undeclared.xml", sample: .russian, encoding: "koi8-r", declaration: nil,
            detected: true),
        Case(
            file: "russian.windows-1251.xml", sample: .russian, encoding: "windows-1251", declaration: "UTF-8",
            detected: false),
        Case(
            file: "russian.windows-1251.undeclared.xml", sample: .russian, encoding: "windows-1251", declaration: nil,
            detected: true),
        Case(
            file: "japanese.shift_jis.xml", sample: .japanese, encoding: "windows-31j", declaration: "UTF-8",
            detected: false),
        Case(
            file: "japanese.shift_jis.undeclared.xml", sample: .japanese, encoding: "windows-31j", declaration: nil,
            detected: true),
        Case(file: "japanese.euc-jp.xml", sample: .japanese, encoding: "euc-jp", declaration: "UTF-8", detected: false),
        Case(
            file: "japanese.euc-jp.undeclared.xml", sample: .japanese, encoding: "euc-jp", declaration: nil,
            detected: true),
        Case(
            file: "chinese.gb2312.xml", sample: .simplified, encoding: "gb18030", declaration: "UTF-8",
            detected: false),
        Case(
            file: "chinese.gb2312.undeclared.xml", sample: .simplified, encoding: "gb18030", declaration: nil,
            detected: true),
        Case(file: "chinese.big5.xml", sample: .traditional, encoding: "big5", declaration: "UTF-8", detected: false),
        Case(
            file: "chinese.big5.undeclared.xml", sample: .traditional, encoding: "big5", declaration: nil,
            detected: true),
        Case(file: "latin.utf-8-bom.xml", sample: .latin, encoding: "utf-8", declaration: "utf-8", detected: false),
        Case(
            file: "japanese.utf-16le-bom.xml", sample: .japanese, encoding: "utf-16le", declaration: "UTF-8",
            detected: false),
        Case(
            file: "russian.utf-16be-bom.xml", sample: .russian, encoding: "utf-16be", declaration: "UTF-8",
            detected: false),
        Case(
            file: "chinese.utf-16le-no-bom.xml", sample: .simplified, encoding: "utf-16le", declaration: "UTF-8",
            detected: false),
        Case(
            file: "latin.utf-32le-bom.xml", sample: .latin, encoding: "utf-32le", declaration: "UTF-8", detected: false)
    ]

    @Test("decodes to the exact UTF-8 text", arguments: cases)
    func decodes(_ c: Case) throws {
        let decoded = DocumentDecoder.decodeXML(try EncodingFixtures.data(c.file), contentType: nil)
        #expect(
            String(decoding: decoded.utf8, as: UTF8.self)
                == EncodingFixtures.expected(c.sample, declaration: c.declaration))
        #expect(decoded.sourceEncoding == c.encoding)
        #expect(decoded.warnings.count == (c.detected ? 1 : 0), "\(decoded.warnings)")
    }

    @Test("an HTTP charset of an XML media type reads the undeclared files too", arguments: cases.filter(\.detected))
    func httpCharset(_ c: Case) throws {
        let label = c.encoding == "windows-31j" ? "Shift_JIS" : c.encoding
        let decoded = DocumentDecoder.decodeXML(
            try EncodingFixtures.data(c.file),
            contentType: "application/rss+xml; charset=\"\(label)\"")
        #expect(String(decoding: decoded.utf8, as: UTF8.self) == EncodingFixtures.expected(c.sample, declaration: nil))
        #expect(decoded.warnings.isEmpty)
    }
}
