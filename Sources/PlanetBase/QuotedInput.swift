/// Input quoted in a message, cut to a length people read: a 10 MB line of feeds.txt gave a
/// 10,000,077-byte error (cron mails it), and `planet hide` of a 100 KB string echoed it. Every
/// message that quotes what it was given (a feeds.txt line, a value, a query) quotes
/// `QuotedInput.excerpt` of it.
package enum QuotedInput {
    /// Characters of input a message quotes at most: 200.
    package static let limit = 200

    /// `text` when it has at most `limit` characters; else its first `limit` characters and
    /// "… (N characters)", N the whole length, so the reader knows it was cut.
    package static func excerpt(_ text: String, limit: Int = limit) -> String {
        // At most `limit` bytes is at most `limit` characters: no walk for the common case.
        guard text.utf8.count > limit,
            let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end < text.endIndex
        else { return text }
        return String(text[..<end]) + "… (\(text.count) characters)"
    }
}
