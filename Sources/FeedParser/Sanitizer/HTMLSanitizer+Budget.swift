import Foundation

extension HTMLSanitizer {
    /// What `sanitize(_:base:)` gives for a fragment beyond `MarkupBudget.html` (a tag with more
    /// than 512 attributes, more than 200,000 tags, elements nested more than 256 deep): the
    /// fragment is not parsed, and a paragraph of plain text saying why stands in its place, so
    /// readers of the page see that something was left out and the feed's owner can find where.
    /// - Parameter violation: `MarkupBudget.violation(_:)`'s text, e.g. "line 1: a tag with more
    ///   than 512 attributes".
    static func budgetNotice(_ violation: String) -> [UInt8] {
        var output = Array("<p>".utf8)
        HTMLEscaping.appendText("(HTML not shown: \(violation), beyond what planet parses)", to: &output)
        output += Array("</p>".utf8)
        return output
    }
}
