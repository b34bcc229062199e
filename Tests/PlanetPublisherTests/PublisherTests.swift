import Foundation
import Testing

@testable import PlanetPublisher

/// `Publisher` replaces only folders it wrote, never the planet's own files, and publishes
/// through a symbolic link without replacing the link.
@Suite("Publisher: what the output may replace")
struct PublisherTests {
    let root: URL
    let site = ["index.html": Data("new".utf8)]

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("planet-publisher-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func url(_ path: String) -> URL { root.appendingPathComponent(path) }
    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: url(path).path) }
    func write(_ path: String, _ text: String = "x") throws {
        try FileManager.default.createDirectory(
            at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url(path))
    }
    func cleanUp() { try? FileManager.default.removeItem(at: root) }

    @Test func aNewSiteCarriesTheMarkerAndIsReplacedByTheNextBuild() throws {
        defer { cleanUp() }
        try Publisher(outputURL: url("www")).publish(files: site, staticFolder: nil)
        #expect(exists("www/.planet-site"))
        try Publisher(outputURL: url("www")).publish(files: ["rss.xml": Data()], staticFolder: nil)
        #expect(exists("www/rss.xml") && !exists("www/index.html"))
    }

    @Test func anEmptyFolderIsReplaced() throws {
        defer { cleanUp() }
        try FileManager.default.createDirectory(at: url("www"), withIntermediateDirectories: true)
        try Publisher(outputURL: url("www")).publish(files: site, staticFolder: nil)
        #expect(exists("www/index.html"))
    }

    @Test func aFolderPlanetDidNotWriteIsRefusedAndKept() throws {
        defer { cleanUp() }
        try write("www/keep.txt")
        let error = #expect(throws: PublishError.self) {
            try Publisher(outputURL: url("www")).publish(files: site, staticFolder: nil)
        }
        #expect(error == PublishError(path: url("www").path, reason: .notWrittenByPlanet))
        #expect(
            error?.description == "'\(url("www").path)': exists and was not written by planet (no "
                + ".planet-site); choose another --output or empty it")
        #expect(exists("www/keep.txt") && !exists("www/index.html"))
    }

    /// index.html and status.json are no proof: any folder (a home, a docs tree) may hold both,
    /// and the build would delete it whole. Only the marker is.
    @Test func aFolderWithIndexAndStatusButNoMarkerIsRefusedAndKept() throws {
        defer { cleanUp() }
        try write("docs/index.html")
        try write("docs/status.json")
        try write("docs/thesis.tex")
        let error = #expect(throws: PublishError.self) {
            try Publisher(outputURL: url("docs")).publish(files: site, staticFolder: nil)
        }
        #expect(error == PublishError(path: url("docs").path, reason: .notWrittenByPlanet))
        #expect(
            error?.description == "'\(url("docs").path)': exists and was not written by planet (no "
                + ".planet-site); choose another --output or empty it")
        #expect(exists("docs/thesis.tex"))
    }

    @Test func aPlainFileIsRefusedAndKept() throws {
        defer { cleanUp() }
        try write("afile", "mine")
        let error = #expect(throws: PublishError.self) {
            try Publisher(outputURL: url("afile")).publish(files: site, staticFolder: nil)
        }
        #expect(error == PublishError(path: url("afile").path, reason: .notAFolder))
        #expect(error?.description == "'\(url("afile").path)': exists and is not a folder; choose another --output")
        #expect(try String(contentsOf: url("afile"), encoding: .utf8) == "mine")
    }

    struct GuardCase: Sendable, CustomTestStringConvertible {
        var output: String
        var guarded: String
        var testDescription: String { "--output \(output) with \(guarded) guarded" }
    }

    @Test(arguments: [
        GuardCase(output: ".", guarded: "."), GuardCase(output: "", guarded: "planet/templates"),
        GuardCase(output: "planet/.planet", guarded: "planet/.planet/cache.sqlite"),
        GuardCase(output: "planet/templates", guarded: "planet/templates")
    ])
    func theOutputMayNotBeOrHoldAGuardedPlace(_ test: GuardCase) throws {
        defer { cleanUp() }
        try write("planet/.planet/cache.sqlite")
        try write("planet/templates/index.html.mustache")
        try write("planet/.planet-site")  // even a marker does not make a planet folder replaceable
        let publisher = Publisher(
            outputURL: url(test.output),
            guarding: [Publisher.Guarded("the thing", url(test.guarded))])
        #expect(throws: PublishError.self) { try publisher.publish(files: site, staticFolder: nil) }
        #expect(exists("planet/.planet/cache.sqlite") && exists("planet/templates/index.html.mustache"))
    }

    @Test func aSymbolicLinkIsKeptAndItsTargetReplaced() throws {
        defer { cleanUp() }
        try Publisher(outputURL: url("www/site")).publish(files: ["old.html": Data()], staticFolder: nil)
        try FileManager.default.createSymbolicLink(atPath: url("output").path, withDestinationPath: "www/site")
        try Publisher(outputURL: url("output")).publish(files: site, staticFolder: nil)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: url("output").path) == "www/site")
        #expect(exists("www/site/index.html") && !exists("www/site/old.html"))
        #expect(exists("output/index.html"))
    }

    @Test func aLinkToAFolderNotYetMadeIsKeptAndTheFolderMade() throws {
        defer { cleanUp() }
        try FileManager.default.createDirectory(at: url("www"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url("output").path, withDestinationPath: "www/site")
        try Publisher(outputURL: url("output")).publish(files: site, staticFolder: nil)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: url("output").path) == "www/site")
        #expect(exists("www/site/index.html"))
    }
}
