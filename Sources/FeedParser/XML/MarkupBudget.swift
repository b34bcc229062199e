import Foundation

/// Bounds on the markup of one document or HTML fragment, checked by one linear pass over its
/// bytes before libxml2 sees them.
///
/// libxml2's parsers do work that grows faster than the input on some shapes: duplicate checks
/// over every earlier attribute of an element (one element with 100,000 attributes, 1.5 MB, took
/// 29 s), and the HTML parser's walk up its open-element stack for every end tag it cannot match
/// (deep nesting plus stray end tags). The scan counts what those costs depend on — attributes per
/// tag, tags, open elements — without allocating, and names the first bound exceeded, with
/// its line, so the caller can refuse the input (a feed fails with that reason; an entry's HTML is
/// replaced by a notice) instead of paying for it. The bounds are far above real feeds and posts
/// (the corpus's largest tag has 14 attributes, its deepest document 12 levels).
///
/// Comments, CDATA sections, processing instructions and declarations are skipped; in HTML, the
/// void elements (HTML Living Standard §13.1.2) and the elements whose end tag may be omitted
/// (§13.1.2.4: `p`, `li`, `td` …) open no level, since a browser and libxml2 close them
/// implicitly.
struct MarkupBudget: Sendable {
    /// Attributes one start tag may have.
    var attributesPerTag: Int
    /// Start tags the input may have.
    var tags: Int
    /// Open elements (start tags minus end tags) the input may nest.
    var depth: Int
    /// True for HTML (void and optional-end elements open no level), false for XML.
    var isHTML: Bool

    /// A feed or OPML document. Depth: libxml2's own limit without `XML_PARSE_HUGE` (256,
    /// `xmlParserMaxDepth`), past which it drops the rest of the document.
    static let document = MarkupBudget(attributesPerTag: 512, tags: 1_000_000, depth: 256, isHTML: false)
    /// An entry's summary or content, a title, an HTML page. Depth: libxml2's HTML parser stops
    /// at 256 too.
    static let html = MarkupBudget(attributesPerTag: 512, tags: 200_000, depth: 256, isHTML: true)

    /// Why `bytes` exceed this budget ("line 3: a tag with more than 512 attributes"), nil when
    /// they do not. Linear in the input, allocation-free.
    func violation(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let bytes = Bytes(base: base, count: bytes.count)
        var index = 0
        var tags = 0
        var depth = 0
        while index < bytes.count {
            guard let open = bytes.find(0x3C, from: index) else { break }  // "<"
            index = open + 1
            guard index < bytes.count else { break }
            let next = base[index]
            if next == 0x21 || next == 0x3F {  // "!", "?"
                index = skipDeclaration(bytes, from: index)
                continue
            }
            if next == 0x2F {  // "/": an end tag
                depth = max(0, depth - 1)
                index = bytes.skip(past: ">", from: index)
                continue
            }
            guard Self.isNameStart(next) else { continue }  // a bare "<" in text
            tags += 1
            if tags > self.tags {
                return "line \(bytes.line(at: open)): more than \(self.tags) tags"
            }
            let nameStart = index
            while index < bytes.count, !Self.isSpace(base[index]), base[index] != 0x3E, base[index] != 0x2F {
                index += 1
            }
            let opensLevel = !isHTML || !Self.opensNoLevel(base + nameStart, index - nameStart)
            let (end, attributes, selfClosing) = scanAttributes(base, bytes.count, from: index)
            if attributes > attributesPerTag {
                return "line \(bytes.line(at: open)): a tag with more than \(attributesPerTag) attributes"
            }
            index = end
            if opensLevel && !selfClosing {
                depth += 1
                if depth > self.depth {
                    return "line \(bytes.line(at: open)): elements nested more than \(self.depth) deep"
                }
            }
        }
        return nil
    }

    /// The index past a comment, CDATA section, declaration or processing instruction whose `!`
    /// or `?` is at `index`.
    private func skipDeclaration(_ bytes: Bytes, from index: Int) -> Int {
        if bytes.base[index] == 0x3F { return bytes.skip(past: ">", from: index) }
        if hasPrefix("!--", at: index, bytes.base, bytes.count) { return bytes.skip(past: "-->", from: index + 3) }
        if hasPrefix("![CDATA[", at: index, bytes.base, bytes.count) {
            return bytes.skip(past: "]]>", from: index + 8)
        }
        return bytes.skip(past: ">", from: index)
    }

    /// The scanned bytes, with the searches the scan makes over them (memchr and memcmp).
    private struct Bytes {
        let base: UnsafePointer<UInt8>
        let count: Int

        /// The index of the first `byte` at or after `from`, nil when there is none.
        func find(_ byte: UInt8, from: Int) -> Int? {
            guard let found = memchr(base + from, Int32(byte), count - from) else { return nil }
            return UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
        }

        /// The line number (from 1) of the byte at `offset`.
        func line(at offset: Int) -> Int {
            var lines = 1
            var position = 0
            while position < offset, let found = memchr(base + position, 0x0A, offset - position) {
                lines += 1
                position = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base + 1
            }
            return lines
        }

        /// The index just past the first occurrence of `terminator` at or after `from`, or `count`.
        func skip(past terminator: StaticString, from: Int) -> Int {
            let length = terminator.utf8CodeUnitCount
            var position = from
            while position + length <= count {
                guard let at = find(terminator.utf8Start.pointee, from: position) else { return count }
                if at + length <= count, memcmp(base + at, terminator.utf8Start, length) == 0 { return at + length }
                position = at + 1
            }
            return count
        }
    }

    // Over 60 lines: one state machine over a tag's bytes, a case per state; split apart, its
    // transitions could no longer be read together.
    /// Reads a start tag's attributes from `from` (just past the tag name) to past its `>`.
    /// - Returns: the index after the tag, the number of attributes, and whether it ended in `/>`.
    private func scanAttributes(_ base: UnsafePointer<UInt8>, _ count: Int, from: Int)
        -> (end: Int, attributes: Int, selfClosing: Bool)
    {
        enum State { case between, name, afterName, beforeValue, unquoted }
        var state = State.between
        var attributes = 0
        var slash = false
        var index = from
        while index < count {
            let byte = base[index]
            index += 1
            switch state {
            case .between:
                if byte == 0x3E { return (index, attributes, slash) }
                if Self.isSpace(byte) { continue }
                if byte == 0x2F {
                    slash = true
                    continue
                }
                slash = false
                attributes += 1
                state = byte == 0x3D ? .beforeValue : .name
            case .name:
                if byte == 0x3E { return (index, attributes, false) }
                if byte == 0x3D {
                    state = .beforeValue
                } else if Self.isSpace(byte) {
                    state = .afterName
                } else if byte == 0x2F {
                    state = .between
                    slash = true
                }
            case .afterName:
                if byte == 0x3E { return (index, attributes, false) }
                if Self.isSpace(byte) { continue }
                if byte == 0x3D {
                    state = .beforeValue
                    continue
                }
                if byte == 0x2F {
                    state = .between
                    slash = true
                    continue
                }
                attributes += 1
                state = .name
            case .beforeValue:
                if byte == 0x3E { return (index, attributes, false) }
                if Self.isSpace(byte) { continue }
                if byte == 0x22 || byte == 0x27 {
                    // A quoted value ends at its quote (memchr: values are most of a tag's bytes).
                    guard let found = memchr(base + index, Int32(byte), count - index) else {
                        return (count, attributes, false)
                    }
                    index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found)) + 1
                    state = .between
                    slash = false
                } else {
                    state = .unquoted
                }
            case .unquoted:
                if byte == 0x3E { return (index, attributes, false) }
                if Self.isSpace(byte) {
                    state = .between
                    slash = false
                }
            }
        }
        return (count, attributes, false)
    }

    private func hasPrefix(_ text: StaticString, at index: Int, _ base: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let length = text.utf8CodeUnitCount
        return index + length <= count && memcmp(base + index, text.utf8Start, length) == 0
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    /// A letter, `_`, `:` or any non-ASCII byte: what may start an element name.
    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte == 0x5F || byte == 0x3A || byte >= 0x80
    }

    /// HTML void elements and elements with an optional end tag (HTML Living Standard §13.1.2,
    /// §13.1.2.4), plus the obsolete void elements libxml2 knows.
    private static let levelless: Set<UInt64> = Set(
        [
            "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
            "track", "wbr", "basefont", "bgsound", "frame", "keygen", "isindex", "image",
            "p", "li", "dt", "dd", "option", "optgroup", "tr", "td", "th", "thead", "tbody", "tfoot",
            "colgroup", "caption", "rt", "rp", "rb", "rtc", "html", "head", "body"
        ].map { name in name.utf8.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } })

    /// Whether the element name at `name` (`length` bytes, any case) is one of `levelless`.
    private static func opensNoLevel(_ name: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        guard length > 0, length <= 8 else { return false }
        var key: UInt64 = 0
        for offset in 0..<length {
            let byte = name[offset]
            key = key << 8 | UInt64(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        return levelless.contains(key)
    }
}

extension MarkupBudget {
    /// `violation(_:)` over a string's UTF-8.
    func violation(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { violation(UnsafeRawBufferPointer($0)) }
    }

    /// `violation(_:)` over data.
    func violation(_ data: Data) -> String? {
        data.withUnsafeBytes { violation($0) }
    }
}
