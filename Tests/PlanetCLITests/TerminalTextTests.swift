import Foundation
import Testing

@testable import PlanetCLI

/// Text from feeds printed on a terminal loses control characters and escape sequences: a title
/// that retitled the window and cleared the screen prints as plain text.
@Suite("terminal text")
struct TerminalTextTests {
    @Test(
        "escape sequences, C0 and C1 controls are removed; tab, newline and text stay",
        arguments: [
            ("\u{1B}]0;owned\u{07}Title", "Title"),
            ("\u{1B}[2J\u{1B}[1;31mred\u{1B}[0m", "red"),
            ("a\u{1B}]2;x\u{1B}\\b", "ab"),
            ("\u{9B}2Jc\u{85}d\u{7F}e", "cde"),
            ("nul\u{00}bell\u{07}cr\r", "nulbellcr"),
            ("keep\ttab\nand ünïcode 😀", "keep\ttab\nand ünïcode 😀"),
            ("\u{1B}", "")
        ])
    func printable(_ input: String, _ expected: String) {
        #expect(TerminalText.printable(input) == expected)
    }

    @Test("messages and lines go through it")
    func commandIOStripsControls() {
        let out = Capture()
        let err = Capture()
        let io = CommandIO(
            out: { out.append($0) }, err: { err.append($0) }, currentDirectory: URL(fileURLWithPath: "/"))
        io.message("planet: feed \u{1B}]0;pwned\u{07}\u{1B}[2Jok")
        io.line("added \u{1B}[31mx")
        #expect(err.value == "planet: feed ok\n")
        #expect(out.value == "added x\n")
    }
}
