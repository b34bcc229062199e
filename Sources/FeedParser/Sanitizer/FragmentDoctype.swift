import Glibc

/// Removes `<!DOCTYPE …>` from an HTML fragment before libxml2 reads it.
///
/// In a document's body a doctype is a parse error that HTML ignores (HTML Living Standard
/// §13.2.6.4.7, "in body" insertion mode, a DOCTYPE token): it shows nothing. libxml2's parser
/// instead reads it as a declaration and swallows what follows up to the next `>`, so the closing
/// tags of the fragment's wrapper became text. The doctype token ends at the first `>`, or at the
/// end of the input (HTML Living Standard §13.2.5.53 onwards: a DOCTYPE at end of file is emitted
/// as it is), and that is what is removed.
enum FragmentDoctype {
    /// `html` without its doctype tokens (`<!doctype`, any case, through the next `>` or the end);
    /// `html` itself when it has none. Comments are copied unchanged.
    static func removing(from html: String) -> String {
        guard mayHoldDoctype(html) else { return html }
        let bytes = Array(html.utf8)
        let keyword = Array("doctype".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        var changed = false
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), bytes[index...].starts(with: "<!--".utf8) {
                // A comment is copied whole: a doctype inside it is comment text.
                var end = index + 4
                while end < bytes.count, !bytes[end...].starts(with: "-->".utf8) { end += 1 }
                end = min(end + 3, bytes.count)
                out.append(contentsOf: bytes[index..<end])
                index = end
                continue
            }
            if bytes[index] == UInt8(ascii: "<"), index + 2 + keyword.count <= bytes.count,
                bytes[index + 1] == UInt8(ascii: "!"),
                zip(bytes[(index + 2)..<(index + 2 + keyword.count)], keyword).allSatisfy({ $0 | 0x20 == $1 })
            {
                var end = index + 2 + keyword.count
                while end < bytes.count, bytes[end] != UInt8(ascii: ">") { end += 1 }
                index = min(end + 1, bytes.count)
                changed = true
                continue
            }
            out.append(bytes[index])
            index += 1
        }
        return changed ? String(decoding: out, as: UTF8.self) : html
    }

    /// False when no `<!` in `html` starts `<!doctype` (any case): then nothing is removed, whatever
    /// the comments (the usual fragment: WordPress block comments, no doctype).
    private static func mayHoldDoctype(_ html: String) -> Bool {
        var html = html
        return html.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            let keyword = Array("<!doctype".utf8)
            var index = 0
            while index < bytes.count, let found = memchr(base + index, Int32(UInt8(ascii: "<")), bytes.count - index) {
                let at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                if at + keyword.count <= bytes.count,
                    (0..<keyword.count).allSatisfy({ base[at + $0] | 0x20 == keyword[$0] | 0x20 })
                {
                    return true
                }
                index = at + 1
            }
            return false
        }
    }
}
