import Foundation
import Planet
import Testing

@testable import PlanetCLI

@Suite("planet build options")
struct BuildCommandTests {
    private func options(_ words: [String], environment: [String: String] = [:]) throws -> BuildOptions {
        let folder = URL(fileURLWithPath: "/srv/planet/", isDirectory: true)
        let io = CommandIO(out: { _ in }, err: { _ in }, environment: environment, currentDirectory: folder)
        let parsed = try ArgumentParser.parse(words, spec: BuildCommand.spec)
        return try BuildCommand.buildOptions(parsed, io: io)
    }

    @Test func defaultsAreResolvedAgainstTheCurrentFolder() throws {
        let built = try options([])
        #expect(built.configURL.path == "/srv/planet/feeds.txt")
        #expect(built.outputURL.path == "/srv/planet/output")
        #expect(built.templates == .builtIn(DefaultTemplates.files))  // no /srv/planet/templates
        #expect(built.now == nil)
        #expect(built.jobs == 64)
        #expect(built.perHost == nil, "nil: feeds.txt's per_host, else 4")
        #expect(built.timeout == 30)
        #expect(built.trustStore == nil)
    }

    @Test func perHostAndTrustStore() throws {
        let built = try options(["--per-host", "2"], environment: ["SSL_CERT_FILE": "/etc/planet/ca.pem"])
        #expect(built.perHost == 2)
        #expect(built.trustStore == "/etc/planet/ca.pem")
        #expect(throws: UsageError.self) { try options(["--per-host", "0"]) }
    }

    @Test("PLANET_LOOPBACK_ONLY=1 keeps the build's fetches on loopback; unset or any other value: no guard")
    func loopbackOnly() throws {
        #expect(try options([], environment: ["PLANET_LOOPBACK_ONLY": "1"]).loopbackOnly != nil)
        #expect(try options([]).loopbackOnly == nil)
        #expect(try options([], environment: ["PLANET_LOOPBACK_ONLY": "0"]).loopbackOnly == nil)
    }

    @Test func templatesDefaultToTheFolderOfFeedsTxt() throws {
        let built = try options([
            "--config", "site/feeds.txt", "--output=/tmp/out", "--jobs", "3",
            "--timeout", "2.5", "--now", "2024-01-02T03:04:05Z"
        ])
        #expect(built.configURL.path == "/srv/planet/site/feeds.txt")
        #expect(built.outputURL.path == "/tmp/out")
        #expect(built.jobs == 3)
        #expect(built.timeout == 2.5)
        #expect(built.now == Date(timeIntervalSince1970: 1_704_164_645))
    }

    @Test func outputAndTemplatesDefaultToTheFolderOfFeedsTxt() throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("templates"),
            withIntermediateDirectories: true)
        let built = try options(["--config", folder.appendingPathComponent("feeds.txt").path])
        #expect(built.outputURL.path == folder.appendingPathComponent("output").path)
        #expect(built.templatesURL?.path == folder.appendingPathComponent("templates").path)
        #expect(try options(["--config", "site/feeds.txt"]).outputURL.path == "/srv/planet/site/output")
    }

    @Test func aMissingTemplatesFolderGivenIsAClearUsageError() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try "title = T\n".write(to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        let outcome = await runPlanet(["build", "--templates", "nowhere"], in: folder)
        #expect(outcome.status == 2)
        #expect(
            outcome.err == "planet build: 'nowhere': templates folder not found; run 'planet init' to get "
                + "the default templates, or leave out --templates to use the built-in ones\n")
    }

    @Test func sourceDateEpochIsTheBuildTimeWithoutNow() throws {
        #expect(
            try options([], environment: ["SOURCE_DATE_EPOCH": "1700000000"]).now
                == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(
            try options(["--now", "2024-01-02T04:04:05.5+01:00"], environment: ["SOURCE_DATE_EPOCH": "1"]).now
                == Date(timeIntervalSince1970: 1_704_164_645.5))
    }

    /// `--now` is RFC 3339 read in the proleptic Gregorian calendar (as feeds' dates are; Foundation's
    /// ISO 8601 formatter read 1200-01-01 as the Julian date, a week off), within what planet writes;
    /// the instants are Python's proleptic `datetime(1200, 1, 1, tzinfo=utc).timestamp()`.
    @Test func nowIsProlepticGregorianAndInRange() throws {
        #expect(try options(["--now", "1200-01-01T00:00:00Z"]).now == Date(timeIntervalSince1970: -24_298_876_800))
        #expect(try options(["--now", "1582-10-10T00:00:00Z"]).now == Date(timeIntervalSince1970: -12_219_724_800))
        #expect(try options(["--now", "2024-01-02t03:04:05z"]).now == Date(timeIntervalSince1970: 1_704_164_645))
        for bad in [
            "0000-01-01T00:00:00Z", "2024-06-01T00:00:00+25:00", "10000-01-01T00:00:00Z", "2024-13-01T00:00:00Z",
            "2024-06-01T24:00:00Z", "2024-06-01 00:00:00Z", "2024-06-01T00:00:00", "9999-12-31T23:59:59Z",
            "2024-06-01T00:00:00.Z"
        ] {
            #expect(throws: UsageError.self, "\(bad)") { try options(["--now", bad]) }
        }
    }

    @Test func aBuildErrorExitsWith2AndItsMessage() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try "title = T\nfeeds/a.xml\n".write(
            to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        let outcome = await runPlanet(["build", "--now", "2024-01-02T03:04:05Z"], in: folder)
        // Either the real pipeline ran (exit 0, summary line) or it stopped with a message (exit 2).
        if outcome.status == 0 {
            #expect(outcome.err.hasPrefix("planet: "))
        } else {
            #expect(outcome.status == 2)
            #expect(outcome.err.hasPrefix("planet build: "))
        }
        #expect(outcome.out.isEmpty)
    }
}
