/// The pair of tag delimiters (mustache spec: delimiters), `{{` and `}}` by default.
///
/// A template can change them with a Set Delimiter tag, `{{=<% %>=}}`. Each must be non-empty and
/// hold neither whitespace nor `=`; `Template.init` throws `.invalidDelimiters` otherwise.
public struct Delimiters: Sendable, Equatable, CustomStringConvertible {
    /// The opening delimiter, `{{` by default.
    public var open: String
    /// The closing delimiter, `}}` by default.
    public var close: String

    /// `{{` and `}}`.
    public static let `default` = Delimiters("{{", "}}")

    /// A delimiter pair; it is validated when a template is compiled with it.
    public init(_ open: String, _ close: String) {
        self.open = open
        self.close = close
    }

    /// `{{ }}`: both delimiters separated by a space, as a Set Delimiter tag writes them.
    public var description: String { "\(open) \(close)" }

    /// Whether both delimiters are non-empty and free of whitespace and `=`.
    var isValid: Bool {
        [open, close].allSatisfy { part in
            !part.isEmpty && !part.contains("=") && !part.contains(where: \.isWhitespace)
        }
    }
}
