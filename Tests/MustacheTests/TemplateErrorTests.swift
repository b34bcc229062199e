import Mustache
import Testing

/// Compile errors name the template, line and column of the offending tag, with exact messages.
@Suite("Template errors")
struct TemplateErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var source: String
        var message: String
        var testDescription: String { message }
    }

    static let cases: [Case] = [
        Case(
            source: "<ul>\n    {{#entries}}\n<li>",
            message: "index.html.mustache:2:5: section 'entries' opened here is never closed"),
        Case(source: "{{#a}}{{#b}}{{/b}}", message: "index.html.mustache:1:1: section 'a' opened here is never closed"),
        Case(
            source: "{{<layout}}\n{{$body}}\n{{/layout}}",
            message: "index.html.mustache:3:1: closing tag 'layout' does not match the open section 'body'"),
        Case(
            source: "{{#a}}\n  {{/b}}",
            message: "index.html.mustache:2:3: closing tag 'b' does not match the open section 'a'"),
        Case(source: "text {{/a}}", message: "index.html.mustache:1:6: closing tag 'a' has no open section"),
        Case(source: "a\nb {{name", message: "index.html.mustache:2:3: tag is never closed: expected '}}'"),
        Case(source: "{{{name}}", message: "index.html.mustache:1:1: tag is never closed: expected '}}}'"),
        Case(source: "{{=<% %>=}}\n<%name", message: "index.html.mustache:2:1: tag is never closed: expected '%>'"),
        Case(source: "x {{ }}", message: "index.html.mustache:1:3: tag is empty: put a name between the delimiters"),
        Case(source: "{{#}}{{/}}", message: "index.html.mustache:1:1: tag is empty: put a name between the delimiters"),
        Case(source: "a {{> * }}", message: "index.html.mustache:1:3: tag is empty: put a name between the delimiters"),
        Case(
            source: "{{first name}}",
            message: "index.html.mustache:1:1: tag name 'first name' must not contain whitespace"),
        Case(
            source: "{{=<% %>}}",
            message:
                "index.html.mustache:1:1: set delimiter tag '=<% %>' needs two delimiters separated by whitespace, "
                + "without '='"
        ),
        Case(
            source: "{{= a b c =}}",
            message:
                "index.html.mustache:1:1: set delimiter tag '= a b c =' needs two delimiters separated by whitespace, "
                + "without '='"
        ),
        Case(
            source: "{{=a= b=}}",
            message:
                "index.html.mustache:1:1: set delimiter tag '=a= b=' needs two delimiters separated by whitespace, "
                + "without '='"
        ),
        Case(source: "héllo wörld {{#x}}", message: "index.html.mustache:1:13: section 'x' opened here is never closed")
    ]

    @Test(arguments: cases)
    func compileError(_ test: Case) {
        let error = #expect(throws: TemplateError.self) { try Template(test.source, name: "index.html.mustache") }
        #expect(error?.description == test.message)
    }

    @Test("a compile error shows the offending line with a caret under the column")
    func excerptPointsAtTheTag() {
        let error = #expect(throws: TemplateError.self) {
            try Template("<ul>\n\t<li>é {{#entries}}\r\n", name: "index.html.mustache")
        }
        #expect(error?.excerpt == "    | \t<li>é {{#entries}}\n    | \t      ^")
        #expect(
            error?.descriptionWithExcerpt == """
                index.html.mustache:2:8: section 'entries' opened here is never closed
                    | \t<li>é {{#entries}}
                    | \t      ^
                """)
        let long = String(repeating: "x", count: 500) + "{{/a}}" + String(repeating: "y", count: 500)
        let cut = #expect(throws: TemplateError.self) { try Template(long, name: "t") }
        let lines = cut?.excerpt?.split(separator: "\n").map(String.init) ?? []
        #expect(lines.count == 2 && lines[0].count == 206, "\(lines)")
        #expect(lines.count == 2 && Array(lines[0])[lines[1].count - 1] == "{", "the caret is under the tag")
        #expect(TemplateError(template: "t", line: 0, column: 0, reason: .unknownTemplate("t")).excerpt == nil)
    }

    @Test func errorsCompareWhole() {
        let error = #expect(throws: TemplateError.self) {
            try Template("\n  {{#entries}}", name: "index.html.mustache")
        }
        #expect(
            error
                == TemplateError(
                    template: "index.html.mustache", line: 2, column: 3, reason: .unclosedSection("entries")))
    }

    @Test func invalidInitialDelimitersAreRejected() {
        let error = #expect(throws: TemplateError.self) { try Template("x", delimiters: Delimiters("<%", "")) }
        #expect(error?.reason == .invalidDelimiters("<% "))
    }
}
