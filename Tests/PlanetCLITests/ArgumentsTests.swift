import Foundation
import Testing

@testable import PlanetCLI

/// Options are declared once and read by value: every option of every command's table parses and
/// reads back, and reading one that is not in the table (or of the other kind) stops the program.
@Suite("command options, read by value")
struct ArgumentsTests {
    private static func spec(_ name: String) throws -> CommandSpec {
        try #require(PlanetCommand.subcommands.first { $0.spec.name == name }).spec
    }

    @Test(
        "every option of the table reads back what the command line gave",
        arguments: PlanetCommand.subcommands.map { $0.spec.name })
    func everyOptionReadsBack(_ name: String) throws {
        let spec = try Self.spec(name)
        #expect(Set(spec.options.map(\.name)).count == spec.options.count, "an option is listed twice")
        #expect(!spec.options.contains { $0.name == "help" || $0.name == "h" || $0.name.hasPrefix("-") })
        let positionals = spec.arguments.filter { !$0.isOptional }.map { _ in "x" }
        let none = try ArgumentParser.parse(positionals, spec: spec)
        for option in spec.options {
            if option.value == nil {
                #expect(!none.flag(option), "--\(option.name)")
                #expect(
                    try ArgumentParser.parse(positionals + ["--\(option.name)"], spec: spec).flag(option),
                    "--\(option.name)")
            } else {
                #expect(none.value(option) == nil, "--\(option.name)")
                let separate = try ArgumentParser.parse(positionals + ["--\(option.name)", "v"], spec: spec)
                let inline = try ArgumentParser.parse(["--\(option.name)=w"] + positionals, spec: spec)
                #expect(separate.value(option) == "v" && inline.value(option) == "w", "--\(option.name)")
            }
        }
    }

    @Test(
        "every option with a value, given twice, is a usage error naming it; a flag twice is a flag",
        arguments: PlanetCommand.subcommands.map { $0.spec.name })
    func anOptionGivenTwiceIsAnError(_ name: String) throws {
        let spec = try Self.spec(name)
        let positionals = spec.arguments.filter { !$0.isOptional }.map { _ in "x" }
        for option in spec.options {
            if option.value == nil {
                let twice = try ArgumentParser.parse(positionals + ["--\(option.name)", "--\(option.name)"], spec: spec)
                #expect(twice.flag(option), "--\(option.name)")
                continue
            }
            for words in [
                ["--\(option.name)", "a", "--\(option.name)", "b"], ["--\(option.name)=a", "--\(option.name)=b"]
            ] {
                let error = #expect(throws: UsageError.self, "--\(option.name)") {
                    try ArgumentParser.parse(positionals + words, spec: spec)
                }
                #expect(
                    error?.description
                        == "planet \(name): '--\(option.name)' is given twice ('a', then 'b'); it takes one value: "
                        + "give it once")
            }
        }
    }

    @Test("an option that is not in the command's table cannot be read: the program stops")
    func anOptionOfAnotherTableStops() async {
        await #expect(processExitsWith: .failure) {
            let parsed = try ArgumentParser.parse([], spec: ExportCommand.spec)
            _ = parsed.flag(BuildCommand.quiet)
        }
        await #expect(processExitsWith: .failure) {
            // Same name and kind as list's --cache, but hide's: not list's table.
            let parsed = try ArgumentParser.parse(["--cache", "c.sqlite"], spec: ListCommand.spec)
            _ = parsed.value(HideCommand.cache)
        }
    }

    @Test("a flag cannot be read as a value, nor a value as a flag: the program stops")
    func theKindIsChecked() async {
        await #expect(processExitsWith: .failure) {
            _ = try ArgumentParser.parse(["--quiet"], spec: BuildCommand.spec).value(BuildCommand.quiet)
        }
        await #expect(processExitsWith: .failure) {
            _ = try ArgumentParser.parse(["--jobs", "2"], spec: BuildCommand.spec).flag(BuildCommand.jobs)
        }
    }
}
