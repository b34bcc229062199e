import FeedParser
import Foundation
import Testing

/// What the sanitizer writes fits HTML's content models (HTML Living Standard §3.2.5, §4): the
/// shapes of the Nu checker's errors on a planet of the real corpus (issue 28), each fixed by
/// renaming or unwrapping, with every text and link kept.
@Suite("Sanitizer: content models")
struct ContentModelTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        let html: String
        let expected: String
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(
            id: "a table inside a span: the span is a div",
            html: "<span style=\"color: red\"><table><tr><td>cell</td></tr></table></span>",
            expected: "<div style=\"color: red\"><table><tr><td>cell</td></tr></table></div>"),
        Case(
            id: "a div inside a span inside a p: both blocks",
            html: "<p><span><div>a <a href=\"https://example.org/\">link</a></div></span></p>",
            expected: "<div><div><div>a <a href=\"https://example.org/\" rel=\"noopener noreferrer\">link</a></div>"
                + "</div></div>"),
        Case(
            id: "a heading inside a span inside a p",
            html: "<p><span><h2>Funzing</h2></span></p>",
            expected: "<div><div><h2>Funzing</h2></div></div>"),
        Case(
            id: "a div inside b: b unwrapped",
            html: "<b>bold <div>block</div></b>",
            expected: "bold <div>block</div>"),
        Case(
            id: "a link holding a block inside a span: the link stays",
            html: "<span><a href=\"https://example.org/\"><div>card</div></a></span>",
            expected: "<div><a href=\"https://example.org/\" rel=\"noopener noreferrer\"><div>card</div></a></div>"),
        Case(
            id: "phrasing stays phrasing",
            html: "<p><span><b>a</b> <a href=\"https://example.org/\">b</a></span></p>",
            expected: "<p><span><b>a</b> <a href=\"https://example.org/\" rel=\"noopener noreferrer\">b</a>"
                + "</span></p>"),
        Case(
            id: "a list nested straight in a list gets an item",
            html: "<ul>\n<li>a</li>\n<ul><li>b</li></ul>\n</ul>",
            expected: "<ul>\n<li>a</li>\n<li><ul><li>b</li></ul>\n</li></ul>"),
        Case(
            id: "a br and text in a list go into an item",
            html: "<ul><br><li>a</li>stray</ul>",
            expected: "<ul><li><br></li><li>a</li><li>stray</li></ul>"),
        Case(
            id: "an li outside a list is a div",
            html: "<div><li>item</li></div>",
            expected: "<div><div>item</div></div>"),
        Case(
            id: "a dl without dd is unwrapped, its terms divs",
            html: "<dl><dt>term</dt><dt>other</dt></dl>",
            expected: "<div>term</div><div>other</div>"),
        Case(
            id: "a valid dl stays",
            html: "<dl><dt>t</dt><dd>d</dd><dt>u</dt><dt>v</dt><dd>e</dd></dl>",
            expected: "<dl><dt>t</dt><dd>d</dd><dt>u</dt><dt>v</dt><dd>e</dd></dl>"),
        Case(
            id: "a figcaption outside a figure is a div",
            html: "<div><img src=\"https://example.org/a.png\"><figcaption>caption</figcaption></div>",
            expected: "<div><img src=\"https://example.org/a.png\" alt=\"\" loading=\"lazy\"><div>caption</div></div>"),
        Case(
            id: "a figcaption last in a figure stays",
            html: "<figure><img src=\"https://example.org/a.png\"> <figcaption>caption</figcaption>\n</figure>",
            expected: "<figure><img src=\"https://example.org/a.png\" alt=\"\" loading=\"lazy\"> "
                + "<figcaption>caption</figcaption>\n</figure>"),
        Case(
            id: "a figcaption in the middle of a figure is a div",
            html: "<figure><img src=\"https://example.org/a.png\"><figcaption>c</figcaption><p>more</p></figure>",
            expected: "<figure><img src=\"https://example.org/a.png\" alt=\"\" loading=\"lazy\"><div>c</div>"
                + "<p>more</p></figure>"),
        Case(
            id: "acronym is written as abbr with its expansion",
            html: "<p><acronym title=\"National Aeronautics and Space Administration\">NASA</acronym></p>",
            expected: "<p><abbr title=\"National Aeronautics and Space Administration\">NASA</abbr></p>"),
        Case(
            id: "a fieldset with its legend first stays a box",
            html: "<fieldset>\n<legend>Specs</legend><p>body</p></fieldset>",
            expected: "<fieldset>\n<legend>Specs</legend><p>body</p></fieldset>"),
        Case(
            id: "a legend after other content of its fieldset is a div",
            html: "<fieldset><p>a</p><legend>late</legend></fieldset>",
            expected: "<fieldset><p>a</p><div>late</div></fieldset>"),
        Case(
            id: "a legend outside a fieldset is a div",
            html: "<div><legend>alone</legend></div>",
            expected: "<div><div>alone</div></div>"),
        Case(
            id: "a legend holding a block is unwrapped",
            html: "<fieldset><legend><div>x</div></legend>y</fieldset>",
            expected: "<fieldset><div>x</div>y</fieldset>"),
        Case(
            id: "a fieldset inside a span: the span is a div",
            html: "<span><fieldset>box</fieldset></span>",
            expected: "<div><fieldset>box</fieldset></div>"),
        Case(
            id: "menu keeps its items as a list",
            html: "<menu><li>a</li>b</menu>",
            expected: "<menu><li>a</li><li>b</li></menu>"),
        Case(
            id: "dir is written as ul",
            html: "<dir><li>a</li><li>b</li></dir>",
            expected: "<ul><li>a</li><li>b</li></ul>"),
        // A figure holds one figcaption, a fieldset one legend, and an element the writer unwraps
        // is no figure or fieldset of its own: what it holds is not first or last in the parent.
        Case(
            id: "two figcaptions alone in a figure: the second is a div",
            html: "<figure><figcaption>A</figcaption><figcaption>B</figcaption></figure>",
            expected: "<figure><figcaption>A</figcaption><div>B</div></figure>"),
        Case(
            id: "a figcaption inside an unknown element of a figure is a div",
            html: "<figure><figcaption>A</figcaption><x-card><figcaption>B</figcaption></x-card></figure>",
            expected: "<figure><figcaption>A</figcaption><div>B</div></figure>"),
        Case(
            id: "a second legend inside an unknown element of a fieldset is a div",
            html: "<fieldset><legend>A</legend><x-box><legend>B</legend></x-box></fieldset>",
            expected: "<fieldset><legend>A</legend><div>B</div></fieldset>"),
        Case(
            id: "a legend inside an unwrapped time after text is a div",
            html: "<fieldset>text<time><legend>B</legend></time></fieldset>",
            expected: "<fieldset>text<div>B</div></fieldset>"),
        Case(
            id: "a legend inside an unwrapped b after text is a div",
            html: "<fieldset>hello<b><legend>L</legend><div>x</div></b></fieldset>",
            expected: "<fieldset>hello<div>L</div><div>x</div></fieldset>"),
        Case(
            id: "a legend inside an unwrapped dl after text is a div",
            html: "<fieldset>hello<dl><legend>L</legend></dl></fieldset>",
            expected: "<fieldset>hello<div>L</div></fieldset>"),
        Case(
            id: "a div directly inside a table goes in a row and cell of its own",
            html: "<table><tr><td>a</td></tr><div>x</div></table>",
            expected: "<table><tr><td>a</td></tr><tr><td><div>x</div></td></tr></table>"),
        Case(
            id: "text and a list item inside a row go in a cell",
            html: "<table><tr><td>a</td><li>b</li></tr></table>",
            expected: "<table><tr><td>a</td><td><div>b</div></td></tr></table>")
    ]

    @Test("written to fit", arguments: cases)
    func fits(_ testCase: Case) {
        #expect(HTMLSanitizer.sanitize(testCase.html, base: nil) == testCase.expected)
    }

    @Test("sanitizing the output again changes nothing", arguments: cases)
    func idempotent(_ testCase: Case) {
        #expect(HTMLSanitizer.sanitize(testCase.expected, base: nil) == testCase.expected)
    }
}
