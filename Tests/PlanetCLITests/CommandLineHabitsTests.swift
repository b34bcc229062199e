import Foundation
import TestSupport
import Testing

@testable import PlanetCLI

/// What a command line is expected to do (issue 26): suggest for a mistyped command or option,
/// `planet help COMMAND`, the man page and completions from the option tables, emoji and CJK as
/// two columns, a failing feed's line naming the feed, `remove` keeping `init`'s guidance.
@Suite("command-line habits")
struct CommandLineHabitsTests {
    @Test func aMistypedCommandOrOptionGetsASuggestion() async {
        let command = await runPlanet(["biuld"])
        let option = await runPlanet(["build", "--quite"])
        let far = await runPlanet(["zzzzzz"])
        #expect(command.status == 2 && option.status == 2 && far.status == 2)
        #expect(
            command.err
                == "planet: unknown command 'biuld' (did you mean 'build'?); 'planet --help' lists the commands\n")
        #expect(
            option.err
                == "planet build: unknown option '--quite' (did you mean '--quiet'?); 'planet build --help' lists "
                + "the options\n")
        #expect(!far.err.contains("did you mean"), "\(far.err)")
    }

    @Test(arguments: PlanetCommand.subcommands.map { $0.spec.name })
    func helpCommandIsThatCommandsHelp(_ name: String) async {
        let help = await runPlanet(["help", name])
        let dashed = await runPlanet([name, "--help"])
        #expect(help.status == 0)
        #expect(help.out == dashed.out && !help.out.isEmpty)
    }

    @Test func theManPageAndTheCompletionsCarryEveryCommandAndOption() async {
        let man = await runPlanet(["--man"])
        #expect(man.status == 0)
        #expect(man.out.hasPrefix(".TH PLANET 1 "))
        for shell in ["bash", "zsh", "fish"] {
            let script = await runPlanet(["--completions", shell])
            #expect(script.status == 0)
            for command in PlanetCommand.subcommands {
                #expect(man.out.contains(command.spec.name), "man: \(command.spec.name)")
                #expect(script.out.contains(command.spec.name), "\(shell): \(command.spec.name)")
                for option in command.spec.options {
                    // roff writes a hyphen as \- (man(7)).
                    let roff = "\\-\\-" + option.name.replacingOccurrences(of: "-", with: "\\-")
                    #expect(man.out.contains(roff), "man: --\(option.name)")
                    #expect(script.out.contains(option.name), "\(shell): --\(option.name)")
                }
            }
        }
        let unknown = await runPlanet(["--completions", "tcsh"])
        #expect(unknown.status == 2)
        #expect(unknown.err.contains("the shells are: bash, zsh, fish"), "\(unknown.err)")
    }

    @Test(arguments: [("🙂", 2), ("漢字", 4), ("👍🏽", 2), ("🇫🇷", 2), ("e\u{301}", 1), ("abc", 3)])
    func emojiAndCJKAreTwoColumns(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test func aFeedCutShortIsNamedOnItsFailureLine() async throws {
        let body = Data(
            """
            <?xml version="1.0"?><rss version="2.0"><channel><title>Cut</title><link>https://example.org/</link>
            <item><title>One</title><guid>1</guid><description>a long enough description</description></item>
            </channel></rss>
            """.utf8)
        let server = try await LoopbackServer.start(["/cut.xml": .truncated(body, after: 120)])
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        let url = server.url(for: "/cut.xml").absoluteString
        try "\(url)\n".write(to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        let outcome = await runPlanet(["build", "--now", "2024-02-01T00:00:00Z", "--timeout", "10"], in: folder)
        await server.stop()
        #expect(outcome.status == 0, "\(outcome.err)")
        let failed = outcome.err.split(separator: "\n").filter { $0.hasPrefix("planet: failed") }
        #expect(failed.count == 1, "\(outcome.err)")
        #expect(failed.allSatisfy { $0.contains(url) }, "\(outcome.err)")
    }

    @Test func removingTheFirstFeedKeepsTheGuidanceInitWrote() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        #expect(await runPlanet(["init"], in: folder).status == 0)
        let file = folder.appendingPathComponent("feeds.txt")
        let before = try String(contentsOf: file, encoding: .utf8)
        let removed = await runPlanet(["remove", "Swift.org"], in: folder)
        #expect(removed.status == 0, "\(removed.err)")
        let after = try String(contentsOf: file, encoding: .utf8)
        let feedLine = try #require(before.split(separator: "\n").first { $0.hasPrefix("https://www.swift.org/") })
        #expect(after == before.replacingOccurrences(of: feedLine + "\n", with: ""))
        #expect(after.contains("#       include = category:python\n"))
    }
}
