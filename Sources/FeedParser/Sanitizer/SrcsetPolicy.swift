import Foundation
import PlanetBase

/// Sanitizes a `srcset` attribute (HTML Living Standard §4.8.4.3.11, "parse a srcset attribute",
/// simplified): each image candidate's URL goes through `URLPolicy` (no `data:`), its descriptor
/// must be a plain number followed by `w`, `x` or `h`; bad candidates are dropped.
enum SrcsetPolicy {
    /// The rewritten candidate list ("url 2x, url 640w"), or nil when no candidate survives.
    static func sanitize(_ raw: String, base: URL?) -> String? {
        var candidates: [String] = []
        var scalars = Substring(raw).unicodeScalars
        while true {
            scalars = scalars.drop(while: { isSpace($0) || $0 == "," })
            guard !scalars.isEmpty else { break }
            var url = String(String.UnicodeScalarView(scalars.prefix(while: { !isSpace($0) })))
            scalars = scalars.drop(while: { !isSpace($0) })
            var descriptor = ""
            if url.hasSuffix(",") {
                while url.hasSuffix(",") { url.removeLast() }
            } else {
                let rest = scalars.prefix(while: { $0 != "," })
                scalars = scalars.dropFirst(rest.count)
                descriptor = String(String.UnicodeScalarView(rest))
                    .trimmingSpacesAndNewlines()
            }
            guard isValidDescriptor(descriptor),
                let safe = URLPolicy.sanitize(url, base: base)
            else { continue }
            candidates.append(descriptor.isEmpty ? safe : safe + " " + descriptor)
        }
        return candidates.isEmpty ? nil : candidates.joined(separator: ", ")
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
    }

    private static func isValidDescriptor(_ descriptor: String) -> Bool {
        guard let unit = descriptor.last else { return true }
        guard "wxh".contains(unit) else { return false }
        let number = descriptor.dropLast()
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        return !number.isEmpty && parts.count <= 2
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }
}
