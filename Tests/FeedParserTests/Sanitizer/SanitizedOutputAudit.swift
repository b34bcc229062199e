import Foundation

@testable import FeedParser

/// An independent check of sanitizer output: parses it again and lists everything that is not
/// allowed — an element outside the allow-list, an attribute that is not allowed for its element,
/// an event handler, a URL attribute whose scheme is not http(s)/mailto (or a raster data image),
/// a character XML 1.0 forbids, a `style` that names a property outside the inline subset or
/// holds anything that can load, run or escape (`url(`, `expression`, `position`, `\\`, `!`…).
/// Empty means the output is safe by the allow-list's own terms.
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
                if attribute.name == "style" {
                    problems += styleProblems(attribute.value, element: name)
                    continue
                }
                if allowed[attribute.name] == nil, SanitizerPolicy.global[attribute.name] == nil, !isForced {
                    problems.append("attribute \(attribute.name) on <\(name)>")
                }
                if attribute.name.hasPrefix("on") { problems.append("handler \(attribute.name)") }
                let values =
                    attribute.name == "srcset"
                    ? attribute.value.split(separator: ",").map { String($0.split(separator: " ").first ?? "") }
                    : urlAttributes.contains(attribute.name) ? [attribute.value] : []
                for value in values where !isSafe(value, image: name == "img" && attribute.name == "src") {
                    problems.append("url \(attribute.name)='\(value)'")
                }
            }
            audit(children, problems: &problems)
        }
    }

    /// Written independently of `InlineStyle`: property names from the documented list, and none
    /// of the characters or words that CSS needs to load, run or position anything.
    private static let styleProperties: Set<String> = {
        var names: Set<String> = [
            "color", "background-color", "font-weight", "font-style", "font-size", "line-height",
            "text-align", "text-decoration", "text-decoration-line", "vertical-align", "white-space",
            "margin", "padding", "border", "border-width", "border-style", "border-color",
            "border-collapse", "border-spacing", "width", "float", "clear", "background", "letter-spacing",
            "text-indent", "font-family"
        ]
        for side in ["top", "right", "bottom", "left"] {
            names.formUnion([
                "margin-\(side)", "padding-\(side)", "border-\(side)", "border-\(side)-width",
                "border-\(side)-style", "border-\(side)-color"
            ])
        }
        return names
    }()

    /// Where `float` and `clear` may be: images, figures, tables, media and framing blocks.
    private static let floated: Set<String> = [
        "img", "figure", "table", "video", "audio", "blockquote", "pre", "div", "aside", "section"
    ]

    private static func styleProblems(_ style: String, element: String) -> [String] {
        var problems: [String] = []
        // A font-family's names may be quoted ('Segoe UI'): only letters, digits, spaces, `-_.,'`.
        var others: [Substring] = []
        for declaration in style.lowercased().split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            guard parts.first?.trimmingCharacters(in: .whitespaces) == "font-family", parts.count == 2 else {
                others.append(declaration)
                continue
            }
            let allowed = parts[1].unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || " -_.,'".unicodeScalars.contains(scalar)
            }
            if !allowed { problems.append("font-family '\(parts[1])'") }
        }
        let lower = others.joined(separator: ";")
        for word in [
            "url", "expression", "position", "z-index", "import", "behavior", "javascript", "image", "-moz-binding"
        ]
        where lower.contains(word) {
            problems.append("style contains '\(word)'")
        }
        for character in ["\\", "!", "@", "<", ">", "{", "}", "\"", "'", "/*"] where lower.contains(character) {
            problems.append("style contains '\(character)'")
        }
        for declaration in lower.split(separator: ";") {
            let property = declaration.split(separator: ":").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            if !styleProperties.contains(property) { problems.append("style property '\(property)'") }
            if (property == "float" || property == "clear") && !floated.contains(element) {
                problems.append("\(property) on <\(element)>")
            }
            let value = declaration.split(separator: ":").dropFirst().joined()
            if property.hasPrefix("margin") || property.hasPrefix("padding"), value.contains("-") {
                problems.append("negative \(property)")
            }
        }
        return problems
    }

    private static func isSafe(_ url: String, image: Bool) -> Bool {
        let lower = url.lowercased()
        if image,
            lower.hasPrefix("data:image/png;base64,") || lower.hasPrefix("data:image/jpeg;base64,")
                || lower.hasPrefix("data:image/gif;base64,") || lower.hasPrefix("data:image/webp;base64,")
        {
            return true
        }
        return ["https://", "http://", "mailto:"].contains { lower.hasPrefix($0) }
            || (!lower.contains(":") && !lower.isEmpty)
    }
}
