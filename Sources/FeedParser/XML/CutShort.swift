import Foundation

/// A document that ends inside an open element: its bytes stop before the root element closes
/// (XML 1.0 §2.1, `document ::= prolog element Misc*`: the element is not complete). A server
/// sends one when its gzip stream is cut inside intact HTTP framing (libcurl, like browsers,
/// hands over what it could inflate: curl/curl#2719) or when it writes a file that is cut short.
///
/// libxml2's recovery closes every open element at the end, so without this rule the last entry's
/// text would be recorded cut off in mid-sentence, over the whole copy the cache held. A document
/// libxml2 reported a problem in is cut when its bytes do not end with the root's end tag
/// (`endsWithEndTag`); the unfinished entry is the first `item`/`entry` on the chain of last child
/// elements from the root that libxml2 never closed at an end tag (`LibXML2`), and is left out. A
/// build records nothing of such a document (`FeedOutcome`): it fails the fetch, and the cache
/// keeps its copy.
struct CutShort: Sendable, Equatable {
    /// The innermost element still open at the end, as written (`description`, `atom:entry`).
    var innermost: String
    /// Line of the innermost open element's start tag.
    var line: Int
    /// Whether an unfinished `item`/`entry` was left out of the tree.
    var droppedEntry: Bool

    /// The feed warning: what happened, what planet did about it, what happens next.
    var warning: String {
        "the document ends inside <\(innermost)> (opened on line \(line)): it was cut short (by its server "
            + "or its compression)" + (droppedEntry ? ", and the unfinished entry is left out" : "")
            + "; a build records nothing of it"
    }

    /// Whether the C string `name` is a local name of the elements that hold one entry: RSS
    /// `item` (0.9x–2.0), Atom `entry`.
    static func isEntryName(_ name: UnsafePointer<UInt8>) -> Bool {
        strcmp(name, "item") == 0 || strcmp(name, "entry") == 0
    }

    /// Whether `data` ends with the end tag `</name>` (white space allowed before its `>`),
    /// after any white space, comments and processing instructions that may follow the root
    /// element (XML 1.0 §2.1, `Misc*`). A byte test of the document's end, not a parse: what
    /// libxml2 read is known already; this tells a document whose bytes stop early from one
    /// whose tags did not match.
    static func endsWithEndTag(_ data: Data, name: String) -> Bool {
        let bytes = [UInt8](data)
        var end = bytes.count
        // White space, NULs, and what decoding made of stray bytes at the end: U+FFFD (a NUL or an
        // undecodable byte, `DocumentDecoder`) and U+FEFF (a BOM pasted after the document).
        func trimSpaceAndReplacements() {
            while end > 0 {
                if [0x20, 0x09, 0x0A, 0x0D, 0x00].contains(bytes[end - 1]) {
                    end -= 1
                } else if end >= 3, bytes[end - 3] == 0xEF,
                    (bytes[end - 2] == 0xBF && bytes[end - 1] == 0xBD)
                        || (bytes[end - 2] == 0xBB && bytes[end - 1] == 0xBF)
                {
                    end -= 3
                } else {
                    return
                }
            }
        }
        // A comment left open at the very end (after the root, or where the bytes stop): from its
        // `<!--` on, nothing is markup.
        if let open = lastIndex(of: Array("<!--".utf8), in: bytes, before: end),
            lastIndex(of: Array("-->".utf8), in: bytes, before: end).map({ $0 < open + 4 }) ?? true
        {
            end = open
        }
        while true {
            trimSpaceAndReplacements()
            // A trailing comment or processing instruction: skip back to its start.
            if end >= 3, bytes[end - 1] == 0x3E, bytes[end - 2] == 0x2D, bytes[end - 3] == 0x2D,
                let start = lastIndex(of: Array("<!--".utf8), in: bytes, before: end - 3)
            {
                end = start
                continue
            }
            if end >= 2, bytes[end - 1] == 0x3E, bytes[end - 2] == 0x3F,
                let start = lastIndex(of: Array("<?".utf8), in: bytes, before: end - 2)
            {
                end = start
                continue
            }
            break
        }
        guard end > 0, bytes[end - 1] == 0x3E else { return false }
        var close = end - 1
        while close > 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[close - 1]) { close -= 1 }
        let tag = Array("</\(name)".utf8)
        return close >= tag.count && bytes[(close - tag.count)..<close].elementsEqual(tag)
    }

    /// The start of the last occurrence of `pattern` in `bytes` that begins before `limit`.
    private static func lastIndex(of pattern: [UInt8], in bytes: [UInt8], before limit: Int) -> Int? {
        var start = min(limit, bytes.count - pattern.count)
        while start >= 0 {
            if bytes[start] == pattern[0], bytes[start..<(start + pattern.count)].elementsEqual(pattern) {
                return start
            }
            start -= 1
        }
        return nil
    }
}
