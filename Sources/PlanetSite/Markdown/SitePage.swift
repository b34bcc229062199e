/// A Markdown page of the site (`pages/about.md`), rendered inside the layout to `about.html`.
package struct SitePage: Sendable, Equatable {
    /// The file name without `.md`: letters, digits, `-`, `_` and `.` only (`about`).
    package var name: String
    /// Plain text: the text of the page's first heading when it opens the page, else the name
    /// with `-` and `_` read as spaces and the first letter capitalized (`about-us` → "About us").
    package var title: String
    /// The page as HTML, from libcmark in safe mode (no raw HTML, no `javascript:` links).
    package var html: String
    /// Whether `title` is the page's own opening heading (else a template shows it as one).
    package var opensWithHeading: Bool

    /// Creates a page from already rendered HTML; `opensWithHeading` defaults to false.
    package init(name: String, title: String, html: String, opensWithHeading: Bool = false) {
        self.name = name
        self.title = title
        self.html = html
        self.opensWithHeading = opensWithHeading
    }

    /// The output file, relative to the site's root (`about.html`).
    package var outputName: String { name + ".html" }

    /// Renders one Markdown source.
    /// - Parameters:
    ///   - name: the file name without `.md`.
    ///   - markdown: CommonMark text.
    package init(name: String, markdown: String) {
        let document = CommonMark.render(markdown)
        self.init(
            name: name, title: document.title ?? Self.title(fromName: name), html: document.html,
            opensWithHeading: document.title != nil)
    }

    static func title(fromName name: String) -> String {
        let words = name.map { $0 == "-" || $0 == "_" ? " " : String($0) }.joined()
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
