import Mustache
import Testing

/// Behaviour beyond the spec's tests: escaping modes, value formatting, truthiness, delimiters.
@Suite("Rendering")
struct RenderingTests {
    @Test func htmlEscapingCoversQuotesAndApostrophes() throws {
        let template = try Template("{{v}}|{{{v}}}|{{&v}}")
        #expect(
            template.render(["v": "<a href=\"x\">'&'</a>"])
                == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;|<a href=\"x\">'&'</a>|<a href=\"x\">'&'</a>")
    }

    @Test func xmlEscapingUsesAposAndDropsForbiddenControlCharacters() throws {
        let template = try Template("{{v}}")
        #expect(template.render(["v": "a'b\u{0}c\u{1B}d\te\r\nf<é>"], escaping: .xml) == "a&apos;bcd\te\r\nf&lt;é&gt;")
        #expect(template.render(["v": "<é>"], escaping: .none) == "<é>")
    }

    @Test("html and xml escaping drop the same characters, all XML 1.0 forbids (U+FFFE and U+FFFF too)")
    func htmlAndXMLDropWhatXMLForbids() throws {
        let template = try Template("{{v}}|{{{v}}}")
        let value = "a\u{0}b\u{1B}c\u{FFFE}d\u{FFFF}e\tf"
        #expect(template.render(["v": .string(value)], escaping: .html) == "abcde\tf|" + value)
        #expect(template.render(["v": .string(value)], escaping: .xml) == "abcde\tf|" + value)
    }

    @Test func escapingFollowsTemplateNames() {
        #expect(Escaping.forTemplateName("rss.xml.mustache") == .xml)
        #expect(Escaping.forTemplateName("atom.xml") == .xml)
        #expect(Escaping.forTemplateName("index.html.mustache") == .html)
        #expect(Escaping.forTemplateName("partials/entry") == .html)
    }

    @Test func valuesInterpolate() throws {
        let template = try Template("{{a}} {{b}} {{c}} {{d}} {{e}} {{f}} {{g}}")
        let output = template.render(["a": 42, "b": 1.5, "c": 2.0, "d": true, "e": nil, "f": [1], "g": ["x": 1]])
        #expect(output == "42 1.5 2 true   ")
    }

    @Test func truthiness() throws {
        let template = try Template("{{#v}}yes{{/v}}{{^v}}no{{/v}}")
        let cases: [(MustacheValue, String)] = [
            (nil, "no"), (false, "no"), ([], "no"), ("", "no"), (0, "yes"), (0.0, "yes"), ("0", "yes"), ([:], "yes")
        ]
        for (value, expected) in cases {
            #expect(template.render(["v": value]) == expected, "\(value)")
        }
    }

    @Test func optionalStringsBecomeNull() {
        let missing: String? = nil
        #expect(MustacheValue(missing).isTruthy == false)
        #expect(MustacheValue("x")["k"] == nil)
    }

    @Test func compiledOnceRendersManyTimes() throws {
        let template = try Template("{{#items}}<{{.}}>{{/items}}")
        for count in 0..<5 {
            let items = MustacheValue.array((0..<count).map { .int($0) })
            #expect(template.render(["items": items]) == (0..<count).map { "<\($0)>" }.joined())
        }
    }

    @Test func customInitialDelimiters() throws {
        let template = try Template("<% name %> {{name}}", delimiters: Delimiters("<%", "%>"))
        #expect(template.render(["name": "x"]) == "x {{name}}")
    }

    @Test func partialsNestWithIndentation() throws {
        let inner = try Template("a\nb\n")
        let outer = try Template("<div>\n  {{>inner}}\n</div>\n")
        let page = try Template("<body>\n  {{>outer}}\n</body>")
        #expect(
            page.render(nil, partials: ["inner": inner, "outer": outer])
                == "<body>\n  <div>\n    a\n    b\n  </div>\n</body>")
    }

    @Test func interpolatedNewlinesAreNotIndented() throws {
        let partial = try Template("<pre>{{{code}}}</pre>\n")
        let page = try Template("  {{>code}}")
        #expect(page.render(["code": "a\nb"], partials: ["code": partial]) == "  <pre>a\nb</pre>\n")
    }

    @Test func sectionLambdaReceivesRawText() throws {
        let template = try Template("{{#bold}}Hi {{name}}{{/bold}}")
        let bold = MustacheValue.lambda(.section { "<b>" + $0 + "</b>" })
        #expect(template.render(["bold": bold, "name": "<Ann>"]) == "<b>Hi &lt;Ann&gt;</b>")
    }
}
