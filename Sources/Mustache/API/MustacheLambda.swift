/// A function in the data (mustache spec: `~lambdas`).
///
/// Both shapes are `@Sendable` closures; a lambda is always truthy.
/// - `.interpolation`: used as `{{name}}`, called with no argument; the returned string is parsed
///   with the default delimiters, rendered against the current context, then escaped (unless used
///   as `{{{name}}}` / `{{&name}}`).
/// - `.section`: used as `{{#name}}…{{/name}}`, called with the section's unprocessed source text;
///   the returned string is parsed with the delimiters in force at the section and rendered in
///   place of the section, unescaped.
///
/// An `.interpolation` lambda used as a section is called and its result rendered the same way;
/// a `.section` lambda used as `{{name}}` is called with the empty string. A returned string that
/// is not a valid template is output as literal text.
public enum MustacheLambda: Sendable {
    /// `() -> String`, for `{{name}}`.
    case interpolation(@Sendable () -> String)
    /// `(sectionSource) -> String`, for `{{#name}}…{{/name}}`.
    case section(@Sendable (String) -> String)
}
