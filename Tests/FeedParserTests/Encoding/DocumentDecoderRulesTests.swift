import Foundation
import Testing

@testable import FeedParser

/// The precedence and repair rules of `DocumentDecoder`, on bytes built in the test.
@Suite("DocumentDecoder rules")
struct DocumentDecoderRulesTests {
    /// "Привет" in windows-1251.
    static let privet1251: [UInt8] = [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2]

    static func xml(_ declaration: String?, _ body: [UInt8]) -> Data {
        var bytes = Array((declaration.map { "<?xml version=\"1.0\" encoding=\"\($0)\"?>" } ?? "").utf8)
        bytes += Array("<rss><channel><title>".utf8) + body + Array("</title></channel></rss>".utf8)
        return Data(bytes)
    }

    static func title(_ decoded: DecodedDocument) -> String {
        let text = String(decoding: decoded.utf8, as: UTF8.self)
        guard let open = text.range(of: "<title>"), let close = text.range(of: "</title>") else { return "" }
        return String(text[open.upperBound..<close.lowerBound])
    }

    @Test("clean UTF-8 comes back unchanged, without warnings")
    func cleanUTF8() {
        let data = Self.xml("UTF-8", Array("Grüße, 世界".utf8))
        let decoded = DocumentDecoder.decodeXML(data, contentType: "application/atom+xml")
        #expect(decoded == DecodedDocument(utf8: data, sourceEncoding: "utf-8"))
    }

    @Test("whitespace before the XML declaration is dropped (corpus 013, 016, 054)")
    func leadingWhitespace() {
        let data = Data("\n \r\n<?xml version=\"1.0\" encoding=\"utf-8\"?><rss/>".utf8)
        let decoded = DocumentDecoder.decodeXML(data, contentType: nil)
        #expect(String(decoding: decoded.utf8, as: UTF8.self) == "<?xml version=\"1.0\" encoding=\"utf-8\"?><rss/>")
        #expect(decoded.warnings.isEmpty)
    }

    @Test("the charset of an XML media type overrides the declaration (RFC 7303 §3)")
    func httpCharsetWins() {
        let decoded = DocumentDecoder.decodeXML(
            Self.xml("ISO-8859-1", Self.privet1251),
            contentType: "text/xml; charset=windows-1251")
        #expect(Self.title(decoded) == "Привет")
        #expect(decoded.sourceEncoding == "windows-1251")
        #expect(decoded.warnings.count == 1)
        #expect(decoded.warnings.first?.contains("RFC 7303") == true)
        #expect(String(decoding: decoded.utf8, as: UTF8.self).hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"))
    }

    @Test("a charset=utf-8 that the bytes disprove loses to the declaration")
    func lyingHTTPCharset() {
        let decoded = DocumentDecoder.decodeXML(
            Self.xml("windows-1251", Self.privet1251),
            contentType: "application/rss+xml; charset=UTF-8")
        #expect(Self.title(decoded) == "Привет")
        #expect(decoded.sourceEncoding == "windows-1251")
        #expect(decoded.warnings.count == 2)
    }

    @Test("the charset of a non-XML media type does not beat the declaration")
    func htmlCharsetIsWeak() {
        let decoded = DocumentDecoder.decodeXML(
            Self.xml("UTF-8", Array("Café".utf8)),
            contentType: "text/html; charset=iso-8859-1")
        #expect(Self.title(decoded) == "Café")
        #expect(decoded.sourceEncoding == "utf-8")
        #expect(decoded.warnings.isEmpty)
    }

    @Test("a legacy label on bytes that are UTF-8 is overruled by the bytes")
    func staleLegacyLabel() {
        let decoded = DocumentDecoder.decodeXML(Self.xml("ISO-8859-1", Array("Café — søndag".utf8)), contentType: nil)
        #expect(Self.title(decoded) == "Café — søndag")
        #expect(decoded.sourceEncoding == "utf-8")
        #expect(decoded.warnings.count == 1)
    }

    @Test("a stray windows-1252 byte in UTF-8 is read as windows-1252, with a warning")
    func strayByte() {
        let body = Array("Grüße ".utf8) + [0xE9, 0x74, 0xE9] + Array(" “ok”".utf8)
        let decoded = DocumentDecoder.decodeXML(Self.xml("UTF-8", body), contentType: nil)
        #expect(Self.title(decoded) == "Grüße été “ok”")
        #expect(decoded.warnings == ["2 byte(s) invalid in UTF-8 read as windows-1252"])
    }

    @Test("bytes invalid in the declared encoding become U+FFFD, with a warning")
    func invalidInDeclared() {
        let tesuto: [UInt8] = [0x83, 0x65, 0x83, 0x58, 0x83, 0x67]
        let decoded = DocumentDecoder.decodeXML(Self.xml("Shift_JIS", tesuto + [0xFD] + tesuto), contentType: nil)
        #expect(Self.title(decoded) == "テスト\u{FFFD}テスト")
        #expect(decoded.sourceEncoding == "windows-31j")
        #expect(decoded.warnings.count == 1)
    }

    @Test("control characters XML forbids become U+FFFD (corpus 031)")
    func controlCharacters() {
        let decoded = DocumentDecoder.decodeXML(Self.xml("utf-8", Array("a\u{0F}b\u{10}c\td".utf8)), contentType: nil)
        #expect(Self.title(decoded) == "a\u{FFFD}b\u{FFFD}c\td")
        #expect(decoded.warnings.count == 1)
    }

    @Test("a byte-order mark beats a conflicting charset (RFC 7303 §3.3)")
    func bomWins() {
        let data = Data([0xEF, 0xBB, 0xBF]) + Self.xml(nil, Array("Ёлка".utf8))
        let decoded = DocumentDecoder.decodeXML(data, contentType: "text/xml; charset=koi8-r")
        #expect(Self.title(decoded) == "Ёлка")
        #expect(decoded.sourceEncoding == "utf-8")
        #expect(decoded.warnings.count == 1)
        #expect(decoded.utf8.first == UInt8(ascii: "<"))
    }

    @Test("a UTF-16 declaration on 8-bit bytes is ignored")
    func impossibleUTF16Declaration() {
        let decoded = DocumentDecoder.decodeXML(Self.xml("UTF-16", Array("Grüße".utf8)), contentType: nil)
        #expect(Self.title(decoded) == "Grüße")
        #expect(decoded.sourceEncoding == "utf-8")
        #expect(decoded.warnings.count == 1)
        #expect(String(decoding: decoded.utf8, as: UTF8.self).contains("encoding=\"UTF-8\""))
    }

    @Test("an unknown encoding name falls back to UTF-8 with a warning")
    func unknownEncoding() {
        let decoded = DocumentDecoder.decodeXML(Self.xml("x-no-such-charset", [0x41, 0xE9]), contentType: nil)
        #expect(Self.title(decoded) == "Aé")
        #expect(decoded.sourceEncoding == "windows-1252")
        #expect(
            decoded.warnings == [
                "unknown encoding 'x-no-such-charset' and the bytes are not UTF-8; read as 'windows-1252'"
            ])
    }

    @Test("an unknown encoding name on ASCII or UTF-8 bytes is warned about too (issue 28)")
    func unknownEncodingOnUTF8() {
        for body in [Array("Plain".utf8), Array("Grüße".utf8)] {
            let decoded = DocumentDecoder.decodeXML(Self.xml("bogus-8", body), contentType: nil)
            #expect(Self.title(decoded) == String(decoding: body, as: UTF8.self))
            #expect(decoded.sourceEncoding == "utf-8")
            #expect(decoded.warnings == ["unknown encoding 'bogus-8'; read as UTF-8"])
        }
        let http = DocumentDecoder.decodeXML(
            Self.xml(nil, Array("Plain".utf8)), contentType: "application/xml; charset=nonesuch")
        #expect(http.warnings == ["unknown encoding 'nonesuch'; read as UTF-8"])
    }

    @Test("a single-quoted declaration is rewritten in place")
    func singleQuotes() {
        let data =
            Data("<?xml version='1.0' encoding='ISO-8859-1' standalone='yes'?><a>".utf8) + Data([0xE9])
            + Data("</a>".utf8)
        let decoded = DocumentDecoder.decodeXML(data, contentType: nil)
        #expect(
            String(decoding: decoded.utf8, as: UTF8.self)
                == "<?xml version='1.0' encoding='UTF-8' standalone='yes'?><a>é</a>")
    }

    @Test("ASCII under a legacy label is passed through and named after the label")
    func asciiLegacyLabel() {
        let data = Data("<?xml version=\"1.0\" encoding=\"iso-8859-1\"?><rss/>".utf8)
        let decoded = DocumentDecoder.decodeXML(data, contentType: nil)
        #expect(String(decoding: decoded.utf8, as: UTF8.self) == "<?xml version=\"1.0\" encoding=\"UTF-8\"?><rss/>")
        #expect(decoded.sourceEncoding == "windows-1252")
        #expect(decoded.warnings.isEmpty)
    }

    @Test("decodeText: BOM dropped, charset and <meta charset> honoured, JSON passed through")
    func text() {
        let json = Data("{\"title\":\"Grüße\"}".utf8)
        #expect(
            DocumentDecoder.decodeText(json, contentType: "application/feed+json")
                == DecodedDocument(utf8: json, sourceEncoding: "utf-8"))
        #expect(DocumentDecoder.decodeText(Data([0xEF, 0xBB, 0xBF]) + json, contentType: nil).utf8 == json)
        let html = Data("<html><head><meta charset=\"windows-1251\"><title>".utf8) + Data(Self.privet1251)
        #expect(
            String(decoding: DocumentDecoder.decodeText(html, contentType: nil).utf8, as: UTF8.self)
                .hasSuffix("<title>Привет"))
        let koi: [UInt8] = [0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4]
        #expect(
            DocumentDecoder.decodeText(Data(koi), contentType: "text/plain; charset=KOI8-R").utf8 == Data("Привет".utf8)
        )
        let utf16 = Data([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00])
        #expect(DocumentDecoder.decodeText(utf16, contentType: nil).utf8 == Data("{}".utf8))
    }
}
