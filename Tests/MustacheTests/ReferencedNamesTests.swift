import Testing

@testable import Mustache

/// `Template.referencedNames`: what a template looks up, read from the compiled tree.
@Suite("Template.referencedNames")
struct ReferencedNamesTests {
    @Test("variables, sections, inverted sections, dynamic partials, blocks and parent arguments, at any depth")
    func everyLookingUpTag() throws {
        let template = try Template(
            """
            {{title}}{{{raw}}}{{&amp}}{{#list}}{{item.name}}{{^empty}}{{.}}{{/empty}}{{/list}}\
            {{>fixed}}{{>*dynamic}}{{$block}}{{inBlock}}{{/block}}{{<parent}}{{$arg}}{{inArgument}}{{/arg}}{{/parent}}\
            {{! a comment names nothing }}{{=<% %>=}}<%afterDelimiters%>
            """)
        #expect(
            template.referencedNames == [
                "title", "raw", "amp", "list", "item.name", "empty", ".", "dynamic", "inBlock", "inArgument",
                "afterDelimiters"
            ])
    }

    @Test("text alone names nothing")
    func textOnly() throws {
        #expect(try Template("plain {text}").referencedNames.isEmpty)
    }
}
