import Foundation

/// The byte-level fix for the two most common ill-formed XML mistakes in feeds, applied only after
/// libxml2 reported them (the way liberal readers such as Universal Feed Parser do):
///
/// - HTML named entities that the document never declares (`&nbsp;`, `&uuml;`) become numeric
///   character references, so their text is kept instead of dropped;
/// - a bare `&` that starts no reference (`AT&T`, `?a=1&b=2`) becomes `&amp;`;
/// - a hexadecimal character reference with an uppercase `X` (`&#XE9;`), which HTML accepts and
///   XML 1.0 §4.1 does not, is written with `x`.
///
/// - the five predefined entity references (`&lt;`, `&amp;`, …) become numeric character
///   references (`&#60;`, `&#38;`): after any well-formedness error, libxml2 2.9's recovery drops
///   every later entity reference, predefined ones included (`xmlParseReference` returns when the
///   document is no longer well-formed), so one stray `<` in a title turned every later escaped
///   description into tag soup; character references are still read there.
///
/// CDATA sections and comments are copied untouched: `&` is literal there.
enum EntityRepair {
    /// XML 1.0 §4.6 Predefined Entities, and the code point of each.
    private static let predefinedValues: [String: Int] = ["amp": 38, "lt": 60, "gt": 62, "quot": 34, "apos": 39]

    /// Returns the repaired document, or nil when nothing needed repair. Called after libxml2
    /// reported any problem with the document (`LibXML2.Parsed.diagnostics`).
    static func repair(_ data: Data) -> Data? {
        let bytes = [UInt8](data)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 256)
        var changed = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<"), let end = skipLiteral(bytes, at: index) {
                out.append(contentsOf: bytes[index..<end])
                index = end
                continue
            }
            guard byte == UInt8(ascii: "&") else {
                out.append(byte)
                index += 1
                continue
            }
            let (replacement, consumed) = fix(bytes, at: index)
            if let replacement {
                out.append(contentsOf: replacement)
                changed = true
            } else {
                out.append(contentsOf: bytes[index..<(index + consumed)])
            }
            index += consumed
        }
        return changed ? Data(out) : nil
    }

    /// End index of a CDATA section or comment starting at `index`, nil if none starts there.
    private static func skipLiteral(_ bytes: [UInt8], at index: Int) -> Int? {
        for (open, close) in [("<![CDATA[", "]]>"), ("<!--", "-->")] where starts(bytes, at: index, with: open) {
            let closeBytes = Array(close.utf8)
            var cursor = index + open.utf8.count
            while cursor + closeBytes.count <= bytes.count {
                if bytes[cursor] == closeBytes[0], Array(bytes[cursor..<(cursor + closeBytes.count)]) == closeBytes {
                    return cursor + closeBytes.count
                }
                cursor += 1
            }
            return bytes.count
        }
        return nil
    }

    private static func starts(_ bytes: [UInt8], at index: Int, with prefix: String) -> Bool {
        let prefixBytes = Array(prefix.utf8)
        return index + prefixBytes.count <= bytes.count
            && Array(bytes[index..<(index + prefixBytes.count)]) == prefixBytes
    }

    /// The replacement for the reference starting at `index` (nil: keep it) and how many bytes it spans.
    private static func fix(_ bytes: [UInt8], at index: Int) -> (replacement: [UInt8]?, consumed: Int) {
        var cursor = index + 1
        let isNumeric = cursor < bytes.count && bytes[cursor] == UInt8(ascii: "#")
        if isNumeric { cursor += 1 }
        let nameStart = cursor
        while cursor < bytes.count, cursor - nameStart < 32, isNameByte(bytes[cursor]) { cursor += 1 }
        guard cursor > nameStart, cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";") else {
            return (Array("&amp;".utf8), 1)
        }
        let name = String(decoding: bytes[nameStart..<cursor], as: UTF8.self)
        if isNumeric, name.utf8.first == UInt8(ascii: "X"), name.utf8.count > 1,
            name.utf8.dropFirst().allSatisfy({ $0 < 0x80 && Character(Unicode.Scalar($0)).isHexDigit })
        {
            return (Array("&#x".utf8) + Array(name.utf8.dropFirst()) + [UInt8(ascii: ";")], cursor + 1 - index)
        }
        if isNumeric { return (nil, cursor + 1 - index) }
        if let value = predefinedValues[name] { return (Array("&#\(value);".utf8), cursor + 1 - index) }
        guard let scalar = LibXML2.htmlEntity(named: name) else { return (Array("&amp;".utf8), 1) }
        return (Array("&#\(scalar.value);".utf8), cursor + 1 - index)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
