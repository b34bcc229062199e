/// Escaping of text for HTML and XML markup: the one escaper of planet, with one rule for the
/// characters XML 1.0 forbids (`XMLCharacters`: removed, whatever else an escaping keeps) and one
/// for DEL and the C1 controls it discourages (`TextControls`: DEL removed, C1 as windows-1252).
///
/// Mustache's `{{name}}` (`html`, `xml`), the sanitizer's HTML (`text`, `attribute`), the XHTML
/// content the parser writes back out (`text`, `attribute`) and the OPML writer (`opml`) are its
/// presets. `&`, `<` and `>` always become `&amp;` `&lt;` `&gt;` (XML 1.0 §2.4,
/// HTML Living Standard §13.1.2.6 "escaping a string"); the rest is what each preset adds.
/// Work is on UTF-8 bytes: runs that need no change are copied whole.
package struct MarkupEscaping: Sendable, Equatable {
    /// What `'` becomes.
    package enum Apostrophe: Sendable, Equatable {
        /// Kept as it is (element content, double-quoted attributes).
        case kept
        /// `&#39;`: HTML 4 has no `&apos;`.
        case numeric
        /// `&apos;` (XML 1.0 §4.6 predefined entities).
        case named
    }

    /// `"` becomes `&quot;` (a double-quoted attribute value); else it is kept.
    package var escapesQuote = false
    /// What `'` becomes.
    package var apostrophe = Apostrophe.kept
    /// Tab, LF and CR become `&#9;` `&#10;` `&#13;`, so that an attribute value keeps them
    /// through attribute-value normalization (XML 1.0 §3.3.3); else they are kept as they are.
    package var whitespaceAsReferences = false

    /// Element content: `&`, `<`, `>`.
    package static let text = MarkupEscaping()
    /// A double-quoted attribute value: `&`, `<`, `>`, `"`.
    package static let attribute = MarkupEscaping(escapesQuote: true)
    /// Mustache's HTML escaping: `&`, `<`, `>`, `"`, and `'` as `&#39;` (mustache spec,
    /// interpolation: the first four; `'` keeps single-quoted attributes safe).
    package static let html = MarkupEscaping(escapesQuote: true, apostrophe: .numeric)
    /// Mustache's XML escaping: `&`, `<`, `>`, `"`, and `'` as `&apos;`.
    package static let xml = MarkupEscaping(escapesQuote: true, apostrophe: .named)
    /// OPML element content and attributes alike: `&`, `<`, `>`, `"`, and tab, LF, CR as
    /// character references (an `<outline text="…">` keeps a name's line break).
    package static let opml = MarkupEscaping(escapesQuote: true, whitespaceAsReferences: true)

    /// Creates an escaping; the defaults are element content's (`text`).
    package init(escapesQuote: Bool = false, apostrophe: Apostrophe = .kept, whitespaceAsReferences: Bool = false) {
        self.escapesQuote = escapesQuote
        self.apostrophe = apostrophe
        self.whitespaceAsReferences = whitespaceAsReferences
    }

    /// `text` escaped; the same string (no copy) when nothing in it changes.
    package func escaped(_ text: String) -> String {
        var text = text
        let changed = text.withUTF8 { bytes -> String? in
            guard let first = firstChange(in: bytes) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            append(bytes, to: &out, from: first)
            return String(decoding: out, as: UTF8.self)
        }
        return changed ?? text
    }

    /// Appends `text` escaped to `out`.
    package func append(_ text: String, to out: inout String) {
        out += escaped(text)
    }

    /// Appends `text` escaped, as UTF-8, to `out`.
    package func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { append($0, to: &out) }
    }

    /// Appends the UTF-8 `bytes` escaped to `out`. `bytes` must be valid UTF-8 (a String's, or
    /// checked by the caller): what is copied is copied as it is.
    package func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        append(bytes, to: &out, from: 0)
    }

    /// `append(_:to:)`, knowing that nothing before `start` changes.
    private func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], from start: Int) {
        var index = start
        var runStart = 0
        while true {
            index = nextCandidate(in: bytes, from: index)
            guard index < bytes.count else { break }
            guard let (replacement, width) = change(in: bytes, at: index) else {
                index += 1
                continue
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            out.append(contentsOf: replacement.utf8)
            index += width
            runStart = index
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    }

    /// The index of the first byte that starts a character this escaping changes, nil for none.
    private func firstChange(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while true {
            index = nextCandidate(in: bytes, from: index)
            guard index < bytes.count else { return nil }
            if change(in: bytes, at: index) != nil { return index }
            index += 1
        }
    }

    /// The index of the first byte at or after `index` that may start a change (`mayStart`),
    /// `bytes.count` for none. This runs over every string a page or feed prints: eight bytes at
    /// a time where none may (`WordScan`).
    @inline(__always)
    private func nextCandidate(in bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        return WordScan.firstSpecial(base, from: index, count: bytes.count, mayHold: mayHold, isSpecial: mayStart)
    }

    /// True when the eight bytes of `word` may hold a byte for which `mayStart` is true.
    @inline(__always)
    private func mayHold(_ word: UInt64) -> Bool {
        var hits =
            WordScan.has(word, UInt8(ascii: "&")) | WordScan.has(word, UInt8(ascii: "<"))
            | WordScan.has(word, UInt8(ascii: ">")) | WordScan.hasBelow(word, 0x20) | WordScan.has(word, 0xEF)
            | WordScan.has(word, 0x7F) | WordScan.has(word, 0xC2)
        if escapesQuote { hits |= WordScan.has(word, UInt8(ascii: "\"")) }
        if apostrophe != .kept { hits |= WordScan.has(word, UInt8(ascii: "'")) }
        return hits != 0
    }

    /// True for a byte at which `change(in:at:)` may find a change.
    @inline(__always)
    private func mayStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), 0x00..<0x20, 0x7F, 0xC2, 0xEF: return true
        case UInt8(ascii: "\""): return escapesQuote
        case UInt8(ascii: "'"): return apostrophe != .kept
        default: return false
        }
    }

    /// What the character starting at `index` becomes and how many bytes it spans; nil when it
    /// stays as it is. Continuation bytes (0x80…0xBF) never start a change.
    @inline(__always)
    private func change(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (String, Int)? {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "&"): return ("&amp;", 1)
        case UInt8(ascii: "<"): return ("&lt;", 1)
        case UInt8(ascii: ">"): return ("&gt;", 1)
        case UInt8(ascii: "\""): return escapesQuote ? ("&quot;", 1) : nil
        case UInt8(ascii: "'"):
            switch apostrophe {
            case .kept: return nil
            case .numeric: return ("&#39;", 1)
            case .named: return ("&apos;", 1)
            }
        case 0x09: return whitespaceAsReferences ? ("&#9;", 1) : nil
        case 0x0A: return whitespaceAsReferences ? ("&#10;", 1) : nil
        case 0x0D: return whitespaceAsReferences ? ("&#13;", 1) : nil
        case 0x00..<0x20, 0xEF:
            let forbidden = XMLCharacters.forbiddenLength(in: bytes, at: index)
            return forbidden > 0 ? ("", forbidden) : nil
        case 0x7F: return ("", 1)
        case 0xC2:
            guard index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) else { return nil }
            return (TextControls.c1Replacements[Int(bytes[index + 1] - 0x80)], 2)
        default: return nil
        }
    }
}
