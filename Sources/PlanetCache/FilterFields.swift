import Foundation

/// What the filter rules look at in an entry (read from the cache without the rest of the row).
package struct FilterFields: Sendable, Equatable {
    package var title: String?
    package var categories: [String]
    package var authorName: String?
    package var authorEmail: String?
    /// The content, else the summary, as stored (HTML); nil when not read (no `text:` rule).
    package var text: String?

    /// Creates the fields.
    package init(title: String?, categories: [String], authorName: String?, authorEmail: String?, text: String?) {
        self.title = title
        self.categories = categories
        self.authorName = authorName
        self.authorEmail = authorEmail
        self.text = text
    }
}
