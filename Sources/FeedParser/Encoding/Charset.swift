import Foundation

/// A character encoding as the decoder uses it: the name it reports and how iconv reads it.
///
/// Labels are mapped the way browsers map them (WHATWG Encoding Standard, "labels"), to the
/// superset that real documents carrying that label need: iso-8859-1 and us-ascii are read as
/// windows-1252 (ASCII documents as UTF-8, which agrees on ASCII and repairs stray bytes);
/// GB2312/GBK as GB18030; Shift_JIS as Windows-31J (CP932, which also keeps 0x5C a backslash);
/// Big5 as Big5-HKSCS; EUC-KR as CP949.
struct Charset: Equatable, Sendable {
    /// The name reported in `DecodedDocument.sourceEncoding` (IANA name, lowercased).
    var name: String
    /// iconv names to try in order; empty for the encodings decoded in Swift (UTF-8, windows-1252).
    var iconvNames: [String]

    static let utf8 = Charset(name: "utf-8", iconvNames: [])
    static let windows1252 = Charset(name: "windows-1252", iconvNames: [])
    static let utf16LE = Charset(name: "utf-16le", iconvNames: ["UTF-16LE"])
    static let utf16BE = Charset(name: "utf-16be", iconvNames: ["UTF-16BE"])
    static let utf32LE = Charset(name: "utf-32le", iconvNames: ["UTF-32LE"])
    static let utf32BE = Charset(name: "utf-32be", iconvNames: ["UTF-32BE"])
    static let windows1251 = Charset(name: "windows-1251", iconvNames: ["CP1251"])
    static let koi8R = Charset(name: "koi8-r", iconvNames: ["KOI8-R"])
    static let shiftJIS = Charset(name: "windows-31j", iconvNames: ["CP932", "SHIFT_JIS"])
    static let eucJP = Charset(name: "euc-jp", iconvNames: ["EUC-JP", "EUC-JP-MS"])
    static let gb18030 = Charset(name: "gb18030", iconvNames: ["GB18030"])
    static let big5 = Charset(name: "big5", iconvNames: ["BIG5-HKSCS", "CP950"])
    static let eucKR = Charset(name: "euc-kr", iconvNames: ["CP949", "EUC-KR"])

    /// UTF-16 or UTF-32: a declaration inside is not ASCII-readable before conversion.
    var isWide: Bool { name.hasPrefix("utf-16") || name.hasPrefix("utf-32") }

    /// The charset for a label from a `charset` parameter or an XML declaration (any case,
    /// surrounding spaces and quotes ignored); unknown labels are handed to iconv as they are.
    static func named(_ label: String) -> Charset? {
        let key = label.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\"'")))
            .lowercased()
        guard !key.isEmpty else { return nil }
        if let known = aliases[key] { return known }
        return Charset(name: key, iconvNames: [key.uppercased()])
    }

    private static let aliases: [String: Charset] = {
        var table: [String: Charset] = [:]
        let groups: [(Charset, String)] = [
            (
                .utf8,
                "utf-8 utf8 unicode-1-1-utf-8 unicode11utf8 unicode20utf8 x-unicode20utf8 "
                    + "us-ascii ascii ansi_x3.4-1968 iso-ir-6 iso646-us cp367 ibm367 csascii"
            ),
            (
                .windows1252,
                "windows-1252 cp1252 x-cp1252 iso-8859-1 iso8859-1 iso88591 iso_8859-1 "
                    + "iso_8859-1:1987 8859-1 latin1 latin-1 l1 cp819 ibm819 iso-ir-100 csisolatin1"
            ),
            (.windows1251, "windows-1251 cp1251 x-cp1251 win-1251"),
            (.koi8R, "koi8-r koi8r koi8 koi cskoi8r koi8_r"),
            (Charset(name: "koi8-u", iconvNames: ["KOI8-U"]), "koi8-u koi8-ru"),
            (.shiftJIS, "shift_jis shift-jis sjis x-sjis ms_kanji csshiftjis windows-31j cp932 ms932 x-ms-cp932"),
            (.eucJP, "euc-jp eucjp x-euc-jp cseucpkdfmtjapanese ujis"),
            (
                .gb18030,
                "gb18030 gb2312 gbk cp936 x-gbk euc-cn chinese csgb2312 gb_2312 gb_2312-80 "
                    + "iso-ir-58 csiso58gb231280 windows-936 ms936"
            ),
            (.big5, "big5 big5-hkscs cn-big5 x-x-big5 csbig5 cp950 x-big5"),
            (
                .eucKR,
                "euc-kr cp949 windows-949 ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 "
                    + "korean csksc56011987 iso-ir-149 uhc"
            ),
            (Charset(name: "utf-16", iconvNames: ["UTF-16"]), "utf-16 utf16 ucs-2 iso-10646-ucs-2"),
            (.utf16LE, "utf-16le"), (.utf16BE, "utf-16be"),
            (Charset(name: "utf-32", iconvNames: ["UTF-32"]), "utf-32 utf32 ucs-4 iso-10646-ucs-4"),
            (.utf32LE, "utf-32le"), (.utf32BE, "utf-32be")
        ]
        for (charset, labels) in groups {
            for label in labels.split(separator: " ") { table[String(label)] = charset }
        }
        return table
    }()
}
