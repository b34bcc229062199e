import CCmark
import Foundation

/// The one wrapper around libcmark (CommonMark 0.30): Markdown text in, HTML out.
///
/// Safe mode always: raw HTML blocks and inline HTML become `<!-- raw HTML omitted -->` and
/// `javascript:`, `vbscript:`, `file:` and non-image `data:` link targets become empty (cmark ≥ 0.29
/// does this unless `CMARK_OPT_UNSAFE` is given; `CMARK_OPT_SAFE` is passed for older versions).
/// Smart punctuation is on; invalid UTF-8 is replaced.
enum CommonMark {
    /// A rendered document.
    struct Document: Sendable, Equatable {
        /// The HTML of the whole document.
        var html: String
        /// The plain text of the document's first block when it is a heading (any level), else nil.
        var title: String?
    }

    private static let options = CMARK_OPT_SAFE | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_SMART

    /// Parses `markdown` and renders it as HTML.
    static func render(_ markdown: String) -> Document {
        let bytes = Array(markdown.utf8)
        let root = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    cmark_parse_document($0, buffer.count, options)
                }
            } ?? cmark_parse_document("", 0, options)
        }
        guard let root else { return Document(html: "", title: nil) }
        defer { cmark_node_free(root) }
        var html = ""
        if let rendered = cmark_render_html(root, options) {
            html = String(cString: rendered)
            free(rendered)
        }
        var title: String?
        if let first = cmark_node_first_child(root), cmark_node_get_type(first) == CMARK_NODE_HEADING {
            let text = plainText(first).trimmingCharacters(in: .whitespacesAndNewlines)
            title = text.isEmpty ? nil : text
        }
        return Document(html: html, title: title)
    }

    /// The text of a node's inlines: text and code spans as written, breaks as spaces.
    private static func plainText(_ node: OpaquePointer) -> String {
        var text = ""
        var child = cmark_node_first_child(node)
        while let current = child {
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if let literal = cmark_node_get_literal(current) { text += String(cString: literal) }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text += " "
            default:
                text += plainText(current)
            }
            child = cmark_node_next(current)
        }
        return text
    }
}
