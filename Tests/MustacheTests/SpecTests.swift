import Mustache
import Testing

/// Runs the vendored mustache spec, one test case per spec test ("file: name").
@Suite("Mustache spec")
struct SpecTests {
    @Test("spec test", arguments: SpecCase.all)
    func specTest(_ spec: SpecCase) throws {
        var partials: [String: Template] = [:]
        for (name, source) in spec.partials {
            partials[name] = try Template(source, name: name)
        }
        let lambda = SpecLambdas.lambda(for: spec.name) ?? .null
        let template = try Template(spec.template, name: spec.file)
        let output = template.render(spec.data.mustacheValue(lambda: lambda), partials: partials)
        #expect(output == spec.expected, "\(spec.testDescription)\ntemplate: \(spec.template.debugDescription)")
    }

    @Test("every spec file loads with all its tests")
    func filesLoad() throws {
        var total = 0
        for file in SpecCase.files {
            let cases = try SpecCase.load(file)
            #expect(!cases.isEmpty, "\(file) has no tests")
            total += cases.count
        }
        #expect(SpecCase.all.count == total)
        #expect(total == 194)
    }
}
