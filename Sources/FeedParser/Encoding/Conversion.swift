import Foundation

/// Turns bytes plus an `EncodingChoice` into a `DecodedDocument`: checks the choice against the
/// bytes, converts, repairs, and (for XML) trims and rewrites the declaration.
enum Conversion {
    static func run(_ data: Data, _ all: UnsafeBufferPointer<UInt8>, choice: EncodingChoice, xml: Bool)
        -> DecodedDocument
    {
        let body = UnsafeBufferPointer(rebasing: all[choice.bomLength...])
        var warnings = choice.warnings
        var charset = choice.charset
        var output: [UInt8]?
        // A label that names no encoding iconv knows (`encoding="bogus"`, `charset=x-user-defined`)
        // is no label: the bytes are read as UTF-8 or detected, and a warning names it.
        var unknown: String?
        if !charset.isWide, !charset.iconvNames.isEmpty, !charset.iconvNames.contains(where: Iconv.knows) {
            unknown = charset.name
            charset = .utf8
        }

        if !charset.isWide {
            let check = UTF8Check(body)
            let label = charset
            if check.isValid, charset == .utf8 || check.multibyteSequences > 0 || check.isClean {
                // UTF-8, or ASCII that every ASCII-compatible label reads the same way.
                if check.multibyteSequences > 0, charset != .utf8 {
                    warnings.append("labelled '\(charset.name)' but the bytes are UTF-8; read as UTF-8")
                }
                charset = check.multibyteSequences > 0 ? .utf8 : charset
                if let unknown { warnings.append(unknownEncoding(unknown)) }
                output = check.isClean ? nil : repaired(body, check, warnings: &warnings)
                return result(
                    data, output, choice: choice, charset: charset, label: label, warnings: warnings, xml: xml)
            } else if !check.isValid, check.multibyteSequences > check.invalidBytes {
                if charset != .utf8 {
                    warnings.append("labelled '\(charset.name)' but the bytes are mostly UTF-8; read as UTF-8")
                }
                if let unknown { warnings.append(unknownEncoding(unknown)) }
                charset = .utf8
                output = repaired(body, check, warnings: &warnings)
            } else if charset == .utf8 {
                let guess = choice.runnerUp ?? EncodingDetector.detect(body)
                warnings.append(
                    unknown.map { "unknown encoding '\($0)' and the bytes are not UTF-8; read as '\(guess.name)'" }
                        ?? (choice.labelled
                            ? "the bytes are not UTF-8 as labelled; read as '\(guess.name)'"
                            : "no encoding declared and the bytes are not UTF-8; read as '\(guess.name)'"))
                charset = guess
            }
        }
        if charset != .utf8 {
            output = convert(body, from: &charset, warnings: &warnings)
        }

        return result(data, output, choice: choice, charset: charset, label: charset, warnings: warnings, xml: xml)
    }

    /// The warning for a label `name` that no converter reads: the bytes were read as UTF-8.
    private static func unknownEncoding(_ name: String) -> String {
        "unknown encoding '\(name)'; read as UTF-8"
    }

    /// Packs the outcome; `nil` output means the body itself is the clean UTF-8 result.
    private static func result(
        _ data: Data, _ output: [UInt8]?, choice: EncodingChoice, charset: Charset,
        label: Charset, warnings: [String], xml: Bool
    ) -> DecodedDocument {
        let name = charset == .utf8 ? Charset.utf8.name : label.name
        if let output {
            return finish(output, charset: name, warnings: warnings, xml: xml)
        }
        return data.withUnsafeBytes { raw -> DecodedDocument in
            let body = UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[choice.bomLength...])
            if choice.bomLength == 0, !xml || !needsXMLFixup(body) {
                return DecodedDocument(utf8: data, sourceEncoding: name, warnings: warnings)
            }
            return finish(Array(body), charset: name, warnings: warnings, xml: xml)
        }
    }

    /// UTF-8 with invalid bytes read as windows-1252 and forbidden controls replaced, with warnings.
    private static func repaired(_ body: UnsafeBufferPointer<UInt8>, _ check: UTF8Check, warnings: inout [String])
        -> [UInt8]
    {
        if check.invalidBytes > 0 {
            warnings.append("\(check.invalidBytes) byte(s) invalid in UTF-8 read as windows-1252")
        }
        if check.forbiddenControls > 0 {
            warnings.append("\(check.forbiddenControls) control character(s) not allowed in XML replaced with U+FFFD")
        }
        return UTF8Check.repair(body)
    }

    /// Converts from a non-UTF-8 charset; unknown encodings fall back to UTF-8 with repairs.
    private static func convert(
        _ body: UnsafeBufferPointer<UInt8>, from charset: inout Charset, warnings: inout [String]
    ) -> [UInt8] {
        if charset == .windows1252 {
            return cleaned(Windows1252.decode(body), warnings: &warnings)
        }
        for name in charset.iconvNames {
            if let result = Iconv.toUTF8(body, from: name, strict: true) {
                return cleaned(Array(result.utf8), warnings: &warnings)
            }
        }
        if let name = charset.iconvNames.first, let result = Iconv.toUTF8(body, from: name) {
            warnings.append("\(result.replaced) byte sequence(s) invalid in '\(charset.name)' replaced with U+FFFD")
            return cleaned(Array(result.utf8), warnings: &warnings)
        }
        warnings.append(unknownEncoding(charset.name))
        charset = .utf8
        let check = UTF8Check(body)
        return check.isClean ? Array(body) : UTF8Check.repair(body)
    }

    /// Replaces the C0 controls XML forbids in converted text.
    private static func cleaned(_ utf8: [UInt8], warnings: inout [String]) -> [UInt8] {
        let check = utf8.withUnsafeBufferPointer(UTF8Check.init)
        guard check.forbiddenControls > 0 else { return utf8 }
        warnings.append("\(check.forbiddenControls) control character(s) not allowed in XML replaced with U+FFFD")
        return utf8.withUnsafeBufferPointer(UTF8Check.repair)
    }

    /// Whether clean UTF-8 XML still needs a change: leading whitespace, or a declaration that
    /// names another encoding.
    private static func needsXMLFixup(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = b.first else { return false }
        if first == 0x20 || first == 0x09 || first == 0x0A || first == 0x0D { return true }
        return XMLDeclaration(b, at: 0).map { !$0.saysUTF8(in: b) } ?? false
    }

    private static func finish(_ utf8: [UInt8], charset: String, warnings: [String], xml: Bool) -> DecodedDocument {
        guard xml else { return DecodedDocument(utf8: Data(utf8), sourceEncoding: charset, warnings: warnings) }
        let fixed = utf8.withUnsafeBufferPointer { b -> [UInt8] in
            var start = 0
            while start < b.count, b[start] == 0x20 || b[start] == 0x09 || b[start] == 0x0A || b[start] == 0x0D {
                start += 1
            }
            var out = Array(b[start...])
            let trimmed = UnsafeBufferPointer(rebasing: b[start...])
            if let declaration = XMLDeclaration(trimmed, at: 0), let range = declaration.encodingRange,
                !declaration.saysUTF8(in: trimmed)
            {
                out.replaceSubrange(range, with: Array("UTF-8".utf8))
            }
            return out
        }
        return DecodedDocument(utf8: Data(fixed), sourceEncoding: charset, warnings: warnings)
    }
}
