import Mustache
import Testing

@testable import PlanetSite

/// Each htmltmpl construct converted and rendered, against the markup htmltmpl 1.22 makes of the
/// same template and values (written by hand from its rules: planet/vendor/htmltmpl.py, run with
/// `html_escape=0` as Venus and Planet 2.x run it).
@Suite struct HTMLTemplateConverterTests {
    /// Venus-shaped values: `title`/`content` HTML, `name` and `author` raw text.
    static let values: MustacheValue = .object([
        "name": .string("Planet Tom & Jerry"),
        "link": .string("https://planet.example.org/"),
        "url_escaped": .object(["link": .string("https%3A%2F%2Fplanet.example.org%2F")]),
        "has_Items": .bool(true),
        "has_Channels": .bool(false),
        "Channels": .array([]),
        "Items": .array([
            .object([
                "title": .string("Fish &amp; chips"), "content": .string("<p>Hello</p>"),
                "author": .null, "new_date": .string("Friday"), "new_channel": .string("a"),
                "channel_name": .string("A & B"), "__FIRST__": .bool(true)
            ]),
            .object([
                "title": .string("Second"), "content": .string("<p>Bye</p>"),
                "author": .string("Ann"), "new_date": .null, "new_channel": .null,
                "channel_name": .string("A & B"), "__FIRST__": .bool(false)
            ])
        ])
    ])

    static func render(
        _ template: String, name: String = "index.html", settings: Set<String> = [],
        include: @escaping (String) -> String? = { _ in nil }
    ) throws -> String {
        let converted = try HTMLTemplateConverter.convert(
            template, file: name + ".tmpl", settings: settings, include: include)
        let library = try TemplateLibrary(templates: [name: converted.mustache])
        return try library.render(name, values)
    }

    @Test("TMPL_VAR: HTML values as is, raw text escaped, ESCAPE=HTML escapes once more, ESCAPE=URL")
    func variables() throws {
        #expect(try Self.render("<title><TMPL_VAR name></title>") == "<title>Planet Tom &amp; Jerry</title>")
        #expect(
            try Self.render("<TMPL_LOOP Items><b><TMPL_VAR title></b></TMPL_LOOP>")
                == "<b>Fish &amp; chips</b><b>Second</b>")
        #expect(
            try Self.render("<TMPL_LOOP Items><t><TMPL_VAR title ESCAPE=\"HTML\"></t></TMPL_LOOP>", name: "rss20.xml")
                == "<t>Fish &amp;amp; chips</t><t>Second</t>")
        #expect(
            try Self.render("<TMPL_LOOP Items><TMPL_VAR NAME=\"content\" ESCAPE=1>|</TMPL_LOOP>")
                == "&lt;p&gt;Hello&lt;/p&gt;|&lt;p&gt;Bye&lt;/p&gt;|")
        #expect(
            try Self.render(
                "<TMPL_LOOP Items><TMPL_VAR content ESCAPE=\"NONE\"><TMPL_VAR content ESCAPE=0></TMPL_LOOP>")
                == "<p>Hello</p><p>Hello</p><p>Bye</p><p>Bye</p>")
        #expect(
            try Self.render("<a href=\"http://feedvalidator.org/check?url=<TMPL_VAR link ESCAPE=\"URL\">\">v</a>")
                == "<a href=\"http://feedvalidator.org/check?url=https%3A%2F%2Fplanet.example.org%2F\">v</a>")
        #expect(try Self.render("<!-- TMPL_VAR name -->") == "Planet Tom &amp; Jerry")
    }

    @Test("DEFAULT= shows its text when the value is empty")
    func defaults() throws {
        #expect(
            try Self.render("<TMPL_LOOP Items>[<TMPL_VAR author DEFAULT=\"nobody\">]</TMPL_LOOP>")
                == "[nobody][Ann]")
    }

    @Test("TMPL_IF, TMPL_UNLESS, TMPL_ELSE; TMPL_IF on a loop tests it once")
    func conditions() throws {
        let template = """
            <TMPL_IF Items>has items</TMPL_IF><TMPL_UNLESS Channels>, no channels</TMPL_UNLESS>
            <TMPL_LOOP Items><TMPL_IF author>by <TMPL_VAR author><TMPL_ELSE>anonymous</TMPL_IF>;\
            <TMPL_UNLESS new_date>same day<TMPL_ELSE>new day</TMPL_UNLESS>;</TMPL_LOOP>
            """
        // The line ending after </TMPL_UNLESS> is eaten, as htmltmpl eats one after every statement.
        #expect(try Self.render(template) == "has items, no channelsanonymous;new day;by Ann;same day;")
    }

    @Test("new_date and new_channel group a loop; magic variables")
    func grouping() throws {
        let template = """
            <TMPL_LOOP Items>
            <TMPL_IF new_date>
            <h2><TMPL_VAR new_date></h2>
            </TMPL_IF>
            <TMPL_IF new_channel>
            <h3><TMPL_VAR channel_name></h3>
            </TMPL_IF>
            <p><TMPL_IF __FIRST__>first </TMPL_IF><TMPL_VAR title></p>
            </TMPL_LOOP>

            """
        #expect(
            try Self.render(template)
                == "<h2>Friday</h2>\n<h3>A &amp; B</h3>\n<p>first Fish &amp; chips</p>\n<p>Second</p>\n")
    }

    @Test("Whitespace as htmltmpl eats it: blanks before a statement, one line ending after it")
    func whitespace() throws {
        // htmltmpl: "a\n" + IF + "\n   \nb\n" … the blank line after the tag stays (Mustache alone
        // would remove it as a standalone line).
        let template = "a\n    <TMPL_IF name>\n\n   \nb\n  </TMPL_IF>\nc <TMPL_VAR name>\nd\n"
        #expect(try Self.render(template) == "a\n\n   \nb\nc Planet Tom &amp; Jerryd\n")
    }

    @Test("### comments are removed, literal {{ stays literal")
    func commentsAndBraces() throws {
        let template = "### a comment\nx ### trailing\n<script>var t = \"{{x}}\"; if (a) {<TMPL_VAR name>}</script>"
        #expect(
            try Self.render(template) == "\nx \n<script>var t = \"{{x}}\"; if (a) {Planet Tom &amp; Jerry}</script>")
    }

    @Test("TMPL_INCLUDE is inlined; a missing one is named")
    func includes() throws {
        let parts = ["header.tmpl": "<h1><TMPL_VAR name></h1>\n"]
        #expect(
            try Self.render("<TMPL_INCLUDE header.tmpl>\nbody", include: { parts[$0] })
                == "<h1>Planet Tom &amp; Jerry</h1>\nbody")
        let result = try HTMLTemplateConverter.convert("<TMPL_INCLUDE NAME=\"gone.tmpl\">x", file: "index.html.tmpl")
        #expect(result.skipped == ["TMPL_INCLUDE index.html.tmpl:1: gone.tmpl: not found"])
        #expect(result.mustache == "x")
    }

    @Test("Variables planet cannot fill are named once, with their place")
    func unfilled() throws {
        let template =
            "<TMPL_VAR foo>\n<TMPL_LOOP Items><TMPL_VAR channel_twitter><TMPL_VAR channel_nick>"
            + "<TMPL_VAR foo></TMPL_LOOP>"
        let result = try HTMLTemplateConverter.convert(template, file: "index.html.tmpl", settings: ["nick"])
        #expect(result.unfilled == ["foo (index.html.tmpl:1)", "channel_twitter (index.html.tmpl:2)"])
    }

    @Test("A statement that does not balance is an error with its line")
    func unbalanced() {
        #expect(throws: SiteError(.theme(file: "index.html.tmpl", line: 2, detail: "<TMPL_IF> is never closed"))) {
            try HTMLTemplateConverter.convert("x\n<TMPL_IF name>", file: "index.html.tmpl")
        }
        #expect(throws: SiteError.self) {
            try HTMLTemplateConverter.convert("<TMPL_LOOP Items></TMPL_IF>", file: "index.html.tmpl")
        }
    }
}
