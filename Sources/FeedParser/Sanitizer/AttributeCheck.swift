import Foundation
import PlanetBase

/// Checks and rewrites one attribute value according to its `SanitizerPolicy.Value` rule.
enum AttributeCheck {
    /// The value to print: `.some(nil)` for a bare boolean attribute, nil to drop the attribute.
    static func check(_ value: String, rule: SanitizerPolicy.Value, base: URL?) -> String?? {
        switch rule {
        case .text:
            return .some(value)
        case .nonEmptyText:
            return value.trimmingSpacesAndNewlines().isEmpty ? nil : .some(value)
        case .url:
            return URLPolicy.sanitize(value, base: base).map { .some($0) }
        case .imageURL:
            return URLPolicy.sanitize(value, base: base, allowsRasterData: true).map { .some($0) }
        case .srcset:
            return SrcsetPolicy.sanitize(value, base: base).map { .some($0) }
        case .integer:
            let trimmed = value.trimmingSpaces()
            return isDigits(trimmed) && trimmed.count <= 9 ? .some(trimmed) : nil
        case .length:
            let trimmed = value.trimmingSpaces()
            return isDigits(trimmed) && trimmed.count <= 9 ? .some(trimmed) : nil
        case .languageOrEmpty where value.isEmpty:
            return .some(value)
        case .language, .languageOrEmpty:
            let ok =
                !value.isEmpty && value.count <= 35
                && value.unicodeScalars.allSatisfy { $0.isASCII && (isAlphanumeric($0) || $0 == "-") }
            return ok ? .some(value) : nil
        case .keyword(let allowed):
            let trimmed = value.trimmingSpaces()
            if allowed.contains(trimmed) { return .some(trimmed) }
            return allowed.contains(trimmed.lowercased()) ? .some(trimmed.lowercased()) : nil
        case .boolean:
            return .some(nil)
        }
    }

    private static func isDigits(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
