import Foundation
import Planet
import PlanetBase
import PlanetFetcher
import Testing

@testable import PlanetCLI

@Suite("command line usage")
struct UsageTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(
            arguments: ["frobnicate"],
            message: "planet: unknown command 'frobnicate'; 'planet --help' lists the commands"),
        Case(
            arguments: ["build", "--frob"],
            message: "planet build: unknown option '--frob'; 'planet build --help' lists the options"),
        Case(
            arguments: ["build", "-x"],
            message: "planet build: unknown option '-x'; 'planet build --help' lists the options"),
        Case(arguments: ["build", "--jobs"], message: "planet build: '--jobs' needs a value (N)"),
        Case(
            arguments: ["build", "--jobs", "many"],
            message: "planet build: '--jobs' must be a whole number from 1 to 1024, not 'many'"),
        Case(
            arguments: ["build", "--jobs=0"],
            message: "planet build: '--jobs' must be a whole number from 1 to 1024, not '0'"),
        Case(
            arguments: ["build", "--timeout", "-3"],
            message: "planet build: '--timeout' must be a number of seconds greater than 0, not '-3'"),
        Case(
            arguments: ["build", "--timeout", "1e300"],
            message: "planet build: '--timeout' must be at most 604800 seconds (one week), not '1e300'"),
        Case(
            arguments: ["parse", "a.xml", "--timeout", "1e18"],
            message: "planet parse: '--timeout' must be at most 604800 seconds (one week), not '1e18'"),
        Case(
            arguments: ["build", "--now", "yesterday"],
            message: "planet build: '--now' must be an RFC 3339 time such as '2024-01-02T03:04:05Z', "
                + "in the years 1000 to 9892, not 'yesterday'"),
        Case(
            arguments: ["build", "--now", "2026-01-01T00:00:00Z", "--now=2026-02-01T00:00:00Z"],
            message: "planet build: '--now' is given twice ('2026-01-01T00:00:00Z', then '2026-02-01T00:00:00Z'); "
                + "it takes one value: give it once"),
        Case(
            arguments: ["build", "extra"],
            message: "planet build: unexpected argument 'extra'; 'planet build --help' shows the usage"),
        Case(arguments: ["parse"], message: "planet parse: missing FILE|URL; 'planet parse --help' shows the usage"),
        Case(arguments: ["parse", "a.xml", "--json=yes"], message: "planet parse: '--json' takes no value"),
        Case(
            arguments: ["parse", "ftp://example.org/feed"],
            message: "planet parse: 'ftp://example.org/feed' is not an http(s) URL or a file path")
    ]

    @Test(arguments: cases)
    func badUsageExitsWithStatus2AndAMessageOnStderr(_ testCase: Case) async {
        let outcome = await runPlanet(testCase.arguments)
        #expect(outcome.status == 2)
        #expect(outcome.err == testCase.message + "\n")
        #expect(outcome.out.isEmpty)
    }

    @Test func sourceDateEpochMustBeANumber() async {
        let outcome = await runPlanet(["build"], environment: ["SOURCE_DATE_EPOCH": "soon"])
        #expect(outcome.status == 2)
        #expect(
            outcome.err == "planet build: SOURCE_DATE_EPOCH must be a whole number of seconds since "
                + "1970-01-01T00:00:00Z, not 'soon'\n")
    }

    @Test func noArgumentsPrintsTheOverviewOnStderr() async {
        let outcome = await runPlanet([])
        #expect(outcome.status == 2)
        #expect(outcome.err.hasPrefix("planet: a feed aggregator"))
    }

    @Test(arguments: PlanetCommand.subcommands.map { $0.spec.name })
    func everyCommandHasHelpGeneratedFromItsTable(_ name: String) async throws {
        let spec = try #require(PlanetCommand.subcommands.first { $0.spec.name == name }).spec
        let outcome = await runPlanet([name, "--help"])
        #expect(outcome.status == 0)
        #expect(outcome.err.isEmpty)
        #expect(outcome.out.hasPrefix("planet \(name): \(spec.summary)\n\nUsage: planet \(name)"))
        for option in spec.options {
            #expect(outcome.out.contains("  --\(option.name)"))
        }
        for argument in spec.arguments {
            #expect(outcome.out.contains("  \(argument.name)"))
        }
    }

    @Test("planet --version prints the one version string, which the User-Agent and the generator use too")
    func versionIsPrintedFromTheOnePlace() async {
        for word in ["--version", "-V", "version"] {
            let outcome = await runPlanet([word])
            #expect(outcome.status == 0 && outcome.err.isEmpty)
            #expect(outcome.out == "planet \(PlanetVersion.string)\n")
        }
        let parts = PlanetVersion.string.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil })  // semver MAJOR.MINOR.PATCH
        #expect(FetcherConfiguration().userAgent == "planet/\(PlanetVersion.string)")
        #expect(
            PlanetVersion.userAgent(site: "https://p.example/")
                == "planet/\(PlanetVersion.string) (+https://p.example/)")
    }

    @Test func overviewListsEveryCommand() async {
        let outcome = await runPlanet(["--help"])
        #expect(outcome.status == 0)
        for command in PlanetCommand.subcommands {
            #expect(outcome.out.contains("  \(command.spec.name) "))
        }
    }

    @Test func helpOfAddIsExact() async {
        let outcome = await runPlanet(["add", "-h"])
        #expect(outcome.status == 0)
        #expect(
            outcome.out == """
                planet add: add a feed to feeds.txt

                Usage: planet add [--config FILE] [--no-fetch] [--pick N] [--timeout SECONDS] URL [NAME]

                Arguments:
                  URL                The feed or its web page (example.org/feed gets https://), or a file path.
                  NAME               Display name; default: the feed's title.

                Options:
                  --config FILE      The subscription list. (default: ./feeds.txt)
                  --no-fetch         Add without fetching (no check, no default name).
                  --pick N           When a page links several feeds, take the Nth. (default: 1)
                  --timeout SECONDS  Time allowed to each fetch. (default: 30)
                  -h, --help         Show this help.

                A web page is searched for <link rel="alternate"> feeds (RSS, Atom, JSON Feed).
                A feed already listed (URLs compared after normalization) is left as it is.

                """)
    }

    @Test func helpOfBuildListsEveryOptionOfItsTable() async {
        let outcome = await runPlanet(["build", "-h"])
        #expect(outcome.status == 0)
        for option in BuildCommand.spec.options {
            #expect(outcome.out.contains("\n  --\(option.name)"), "--\(option.name)")
        }
        #expect(outcome.out.contains("\n  -h, --help "))
    }
}
