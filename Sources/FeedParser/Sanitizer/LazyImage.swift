import Foundation

/// Lazy-loaded images: lazy-loading scripts leave `src` empty (or a placeholder `data:` image)
/// and put the real source in `data-src`, `data-lazy-src` or `data-original` (and the candidate
/// list in `data-srcset`/`data-lazy-srcset`); without the script the image shows nothing. The
/// sanitizer takes the real source instead, under the same URL rules as `src` and `srcset`
/// (`URLPolicy`, `SrcsetPolicy`; no `data:` here).
enum LazyImage {
    private static let sources = ["data-src", "data-lazy-src", "data-original"]
    private static let candidateLists = ["data-srcset", "data-lazy-srcset"]

    /// Sets `src` (when absent or a `data:` placeholder) and `srcset` (when absent) in `kept`, the
    /// checked attributes of the `img` element `node`, from its lazy-loading attributes.
    static func adopt(_ node: HTMLFragmentNode, into kept: inout [(name: String, value: String?)], base: URL?) {
        let source = sources.lazy.compactMap { node.attributeValue($0) }
            .compactMap { URLPolicy.sanitize($0, base: base) }.first
        if let source {
            if let index = kept.firstIndex(where: { $0.name == "src" }) {
                if kept[index].value?.lowercased().hasPrefix("data:") == true { kept[index].value = source }
            } else {
                kept.insert(("src", source), at: 0)
            }
        }
        if !kept.contains(where: { $0.name == "srcset" }),
            let list = candidateLists.lazy.compactMap({ node.attributeValue($0) }).compactMap({
                SrcsetPolicy.sanitize($0, base: base)
            }).first
        {
            let after = (kept.firstIndex { $0.name == "src" }).map { $0 + 1 } ?? 0
            kept.insert(("srcset", list), at: after)
        }
    }
}
