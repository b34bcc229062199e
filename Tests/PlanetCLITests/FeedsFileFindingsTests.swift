import Foundation
import Testing

@testable import PlanetCLI

/// Findings of a new user's trial of the subscription commands, one test each.
@Suite("feeds.txt findings: symlinks, warnings, remove by normalized URL")
struct FeedsFileFindingsTests {
    private func write(_ text: String, _ folder: URL, _ name: String = "feeds.txt") throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    private func read(_ folder: URL, _ name: String = "feeds.txt") throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func addThroughASymlinkEditsItsTargetAndKeepsTheLink() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("real"), withIntermediateDirectories: true)
        try write("title = S\n", folder, "real/feeds.txt")
        let real = folder.appendingPathComponent("real/feeds.txt").path
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: real)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("feeds.txt").path,
            withDestinationPath: "real/feeds.txt")
        let outcome = await runPlanet(["add", "--no-fetch", "http://s.example/f"], in: folder)
        #expect(outcome.status == 0)
        #expect(
            try FileManager.default.destinationOfSymbolicLink(
                atPath: folder.appendingPathComponent("feeds.txt").path) == "real/feeds.txt")
        #expect(try read(folder, "real/feeds.txt") == "title = S\nhttp://s.example/f\n")
        let mode = try FileManager.default.attributesOfItem(atPath: real)[.posixPermissions] as? Int
        #expect(mode == 0o640)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var command: [String]
        var testDescription: String { command.joined(separator: " ") }
    }

    @Test(arguments: [
        Case(command: ["add", "--no-fetch", "https://new.example/f"]), Case(command: ["list"]),
        Case(command: ["remove", "https://b.example/f"]), Case(command: ["export"])
    ])
    func everyCommandThatReadsFeedsTxtPrintsItsWarnings(_ testCase: Case) async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try write("itemsperpage = 5\nhttps://a.example/f  A\nhttps://A.example/f  Other\nhttps://b.example/f\n", folder)
        let outcome = await runPlanet(testCase.command, in: folder)
        #expect(outcome.status == 0)
        let name = testCase.command[0]
        #expect(
            outcome.err == """
                planet \(name): warning: feeds.txt:1: unknown setting 'itemsperpage' (did you mean 'items_per_page'?); \
                it is ignored
                planet \(name): warning: feeds.txt:3: 'https://A.example/f' as 'Other' is already listed on line 2; \
                this line is ignored

                """)
    }

    @Test func buildPrintsTheWarningsOfFeedsTxtAsListDoes() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try write("itemsperpage = 5\nhttps://a.example/f  A\n  fcae = a.png\n", folder)
        let outcome = await runPlanet(["build", "--offline", "--now", "2024-01-02T03:04:05Z"], in: folder)
        #expect(outcome.status == 0)
        #expect(
            outcome.err.hasPrefix(
                """
                planet build: warning: feeds.txt:1: unknown setting 'itemsperpage' (did you mean 'items_per_page'?); \
                it is ignored
                planet build: warning: feeds.txt:3: unknown feed setting 'fcae' (did you mean 'face'?); it is passed \
                to the templates as 'channel_fcae'

                """))
    }

    @Test func importPrintsTheWarningsOfFeedsTxt() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try write("titel = Oops\n", folder)
        try write("[https://a.example/f]\nname = A\n", folder, "config.ini")
        let outcome = await runPlanet(["import", "config.ini"], in: folder)
        #expect(outcome.status == 0)
        #expect(
            outcome.err == "planet import: warning: feeds.txt:1: unknown setting 'titel' "
                + "(did you mean 'title'?); it is ignored\n")
    }

    @Test func anEmptySettingStopsTheCommandWithFileAndLine() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try write("# c\n\ntitle =\n", folder)
        let outcome = await runPlanet(["list"], in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.err == "planet list: feeds.txt:3: setting 'title' has no value\n")
    }

    @Test(arguments: ["a.example/3", "HTTP://A.EXAMPLE/3", "https://a.example:443/3#x"])
    func removeNormalizesTheURLAsAddDoes(_ typed: String) async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        let listed = typed.hasPrefix("HTTP:") ? "http://a.example/3" : "https://a.example/3"
        try write("\(listed)  Three\nhttps://b.example/f\n", folder)
        let outcome = await runPlanet(["remove", typed], in: folder)
        #expect(outcome.status == 0, "\(outcome.err)")
        #expect(outcome.out == "removed '\(listed)' (Three) from feeds.txt\n")
        #expect(try read(folder) == "https://b.example/f\n")
    }

    @Test func removeStillMatchesNames() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try write("https://a.example/3  a.example\nhttps://b.example/f  Bee  # comment\n", folder)
        let outcome = await runPlanet(["remove", "bee"], in: folder)
        #expect(outcome.status == 0)
        #expect(outcome.out == "removed 'https://b.example/f' (Bee) from feeds.txt\n")
    }

    @Test func exportAlwaysHasATitle() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try write("https://a.example/f\n", folder)
        let outcome = await runPlanet(["export"], in: folder)
        #expect(outcome.out.contains("<head>\n    <title>planet subscriptions</title>\n  </head>"))
    }
}
