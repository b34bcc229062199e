/// The data a template renders: an explicit, `Sendable` value tree (no reflection).
///
/// Truthiness follows the mustache spec (sections: "if the data is truthy"): `.null`, `.bool(false)`,
/// an empty `.array` and an empty `.string` are falsey; everything else, `0` and lambdas included,
/// is truthy. The empty string is falsey as in mustache.js, so `{{#author}}by {{author}}{{/author}}`
/// disappears for an absent or blank author; the spec's tests do not decide this case.
///
/// Interpolation (`{{name}}`) turns `.null` into nothing, booleans into `true` / `false`, integers
/// into decimal digits, integral doubles below 1e15 without a fraction (`2.0` → `2`), other doubles
/// with Swift's shortest round-trip form (`1.21`), and arrays and objects into nothing.
public indirect enum MustacheValue: Sendable {
    /// No value: falsey, interpolates as the empty string.
    case null
    /// A boolean: `false` is falsey.
    case bool(Bool)
    /// An integer, interpolated in decimal.
    case int(Int)
    /// A floating-point number.
    case double(Double)
    /// A string, escaped when interpolated with `{{name}}`, raw with `{{{name}}}` or `{{&name}}`.
    case string(String)
    /// A list: a section renders once per element; an empty list is falsey.
    case array([MustacheValue])
    /// A hash: names are looked up in it; a section pushes it on the context stack.
    case object([String: MustacheValue])
    /// A lambda (mustache spec: `~lambdas`); see `MustacheLambda`.
    case lambda(MustacheLambda)

    /// Whether a section renders for this value (mustache spec: sections, inverted sections).
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let flag): flag
        case .array(let items): !items.isEmpty
        case .string(let text): !text.isEmpty
        case .int, .double, .object, .lambda: true
        }
    }

    /// The value stored under `key` when this is an `.object`, otherwise `nil`.
    public subscript(key: String) -> MustacheValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }
}
