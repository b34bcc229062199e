import Foundation

/// What the filter rules look at in an entry (read from the cache without the rest of the row).
public struct FilterFields: Sendable, Equatable {
    public var title: String?
    public var categories: [String]
    public var authorName: String?
    public var authorEmail: String?
    /// The content, else the summary, as stored (HTML); nil when not read (no `text:` rule).
    public var text: String?

    /// Creates the fields.
    public init(title: String?, categories: [String], authorName: String?, authorEmail: String?, text: String?) {
        self.title = title
        self.categories = categories
        self.authorName = authorName
        self.authorEmail = authorEmail
        self.text = text
    }
}
