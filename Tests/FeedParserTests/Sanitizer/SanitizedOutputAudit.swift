import Foundation
@testable import FeedParser

/// An independent check of sanitizer output: parses it again and lists everything that is not
/// allowed — an element outside the allow-list, an attribute that is not allowed for its element,
/// an event handler, a URL attribute whose scheme is not http(s)/mailto (or a raster data image),
/// a character XML 1.0 forbids. Empty means the output is safe by the allow-list's own terms.
enum SanitizedOutputAudit {
    static func problems(in output: String) -> [String] {
        var problems: [String] = []
        if output.unicodeScalars.contains(where: HTMLEscaping.isForbidden) {
            problems.append("character XML 1.0 forbids")
        }
        audit(HTMLFragmentParser.parse(output), problems: &problems)
        return problems
    }

    private static let urlAttributes: Set<String> = ["href", "src", "cite", "poster"]

    private static func audit(_ nodes: [HTMLNode], problems: inout [String]) {
        for case .element(let name, let attributes, let children) in nodes {
            guard let allowed = SanitizerPolicy.elements[name] else {
                problems.append("element <\(name)>")
                continue
            }
            for attribute in attributes {
                let isForced = SanitizerPolicy.forced[name]?.contains { $0.name == attribute.name } ?? false
                if allowed[attribute.name] == nil, SanitizerPolicy.global[attribute.name] == nil, !isForced {
                    problems.append("attribute \(attribute.name) on <\(name)>")
                }
                if attribute.name.hasPrefix("on") { problems.append("handler \(attribute.name)") }
                let values = attribute.name == "srcset"
                    ? attribute.value.split(separator: ",").map { String($0.split(separator: " ").first ?? "") }
                    : urlAttributes.contains(attribute.name) ? [attribute.value] : []
                for value in values where !isSafe(value, image: name == "img" && attribute.name == "src") {
                    problems.append("url \(attribute.name)='\(value)'")
                }
            }
            audit(children, problems: &problems)
        }
    }

    private static func isSafe(_ url: String, image: Bool) -> Bool {
        let lower = url.lowercased()
        if image, lower.hasPrefix("data:image/png;base64,") || lower.hasPrefix("data:image/jpeg;base64,")
            || lower.hasPrefix("data:image/gif;base64,") || lower.hasPrefix("data:image/webp;base64,") {
            return true
        }
        return ["https://", "http://", "mailto:"].contains { lower.hasPrefix($0) }
            || (!lower.contains(":") && !lower.isEmpty)
    }
}
