import Foundation
import Mustache
import Testing

/// One test of the vendored mustache spec (`Fixtures/spec/*.json`, MIT licensed, see LICENSE there).
struct SpecCase: Sendable, CustomTestStringConvertible {
    var file: String
    var name: String
    var template: String
    var data: SpecValue
    var partials: [String: String]
    var expected: String

    var testDescription: String { "\(file): \(name)" }

    /// The spec files; `~lambdas` runs through the Swift closures in `SpecLambdas`.
    static let files = [
        "comments", "delimiters", "interpolation", "inverted", "partials", "sections",
        "~inheritance", "~dynamic-names", "~lambdas"
    ]

    /// Every test of every spec file, in file order; empty if a file cannot be read (the count
    /// test then fails).
    static let all: [SpecCase] = files.flatMap { (try? load($0)) ?? [] }

    static func load(_ file: String) throws -> [SpecCase] {
        guard let url = Bundle.module.url(forResource: file, withExtension: "json", subdirectory: "Fixtures/spec")
        else {
            throw CocoaError(.fileNoSuchFile)
        }
        let spec = try JSONDecoder().decode(SpecFile.self, from: Data(contentsOf: url))
        var seen: [String: Int] = [:]
        return spec.tests.map { test in
            seen[test.name, default: 0] += 1
            let count = seen[test.name] ?? 1
            return SpecCase(
                file: file, name: count > 1 ? "\(test.name) (\(count))" : test.name, template: test.template,
                data: test.data, partials: test.partials ?? [:], expected: test.expected)
        }
    }
}

private struct SpecFile: Decodable {
    struct Test: Decodable {
        var name: String
        var template: String
        var data: SpecValue
        var partials: [String: String]?
        var expected: String
    }

    var tests: [Test]
}

/// A JSON value of the spec's `data`; objects tagged `"__tag__": "code"` are lambdas.
indirect enum SpecValue: Sendable, Decodable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([SpecValue])
    case object([String: SpecValue])
    case code

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int.self) {
            self = .int(number)
        } else if let number = try? container.decode(Double.self) {
            self = .double(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([SpecValue].self) {
            self = .array(items)
        } else {
            let fields = try container.decode([String: SpecValue].self)
            if case .string("code")? = fields["__tag__"] { self = .code } else { self = .object(fields) }
        }
    }

    /// The value as a mustache context; `lambda` fills in the spec's code values.
    func mustacheValue(lambda: MustacheValue) -> MustacheValue {
        switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .int(let number): .int(number)
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .array(let items): .array(items.map { $0.mustacheValue(lambda: lambda) })
        case .object(let fields): .object(fields.mapValues { $0.mustacheValue(lambda: lambda) })
        case .code: lambda
        }
    }
}
