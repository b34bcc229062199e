import Foundation

/// Where `planet build` takes its templates from.
public enum TemplateSource: Sendable, Equatable {
    /// A templates folder (`templates/` beside feeds.txt, or `--templates DIR`).
    case folder(URL)
    /// Templates held in memory: path relative to a templates folder (`/` separated) → text,
    /// e.g. `index.html.mustache`, `partials/entry.mustache`, `static/planet.css`. The CLI passes
    /// its built-in default templates when there is no templates folder. Files other than
    /// `*.mustache` and `static/*` are ignored.
    case builtIn([String: String])
}
