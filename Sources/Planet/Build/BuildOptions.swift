import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What `planet build` was asked to do. Paths are absolute file URLs (the CLI resolves them).
public struct BuildOptions: Sendable, Equatable {
    public static func == (a: BuildOptions, b: BuildOptions) -> Bool {
        a.configURL == b.configURL && a.outputURL == b.outputURL && a.templatesURL == b.templatesURL
            && a.now == b.now && a.jobs == b.jobs && a.timeout == b.timeout
            && a.protocolClasses.map(ObjectIdentifier.init) == b.protocolClasses.map(ObjectIdentifier.init)
    }

    /// The subscription list, feeds.txt.
    public var configURL: URL
    /// Folder the site is written to (default: `output/` in the current directory).
    public var outputURL: URL
    /// Folder of the Mustache templates (default: `templates/` beside feeds.txt).
    public var templatesURL: URL
    /// The build time; nil means the clock (`--now`, `SOURCE_DATE_EPOCH` make output reproducible).
    public var now: Date?
    /// Feeds fetched at once (`--jobs`, default 8).
    public var jobs: Int
    /// Per-feed timeout, seconds (`--timeout`, default 30).
    public var timeout: Double
    /// `URLProtocol` classes for the fetcher's session, for tests that stub the network (see
    /// `FetcherConfiguration.protocolClasses`). Empty in production.
    public var protocolClasses: [URLProtocol.Type] = []

    public init(configURL: URL, outputURL: URL, templatesURL: URL, now: Date? = nil,
                jobs: Int = 8, timeout: Double = 30) {
        self.configURL = configURL
        self.outputURL = outputURL
        self.templatesURL = templatesURL
        self.now = now
        self.jobs = jobs
        self.timeout = timeout
    }
}

/// What a build did, for the one-line summary and for tests.
public struct BuildReport: Sendable, Equatable {
    /// Feeds fetched and parsed this run.
    public var feedsOK: Int
    /// Feeds that failed, with kind and URL.
    public var failures: [FetchFailure]
    /// Entries on the page after dedupe and cut.
    public var entries: Int
    /// Wall time of the build, seconds.
    public var duration: Double

    public init(feedsOK: Int, failures: [FetchFailure], entries: Int, duration: Double) {
        self.feedsOK = feedsOK
        self.failures = failures
        self.entries = entries
        self.duration = duration
    }

    /// `planet: 12 feeds ok, 1 failed, 60 entries, 0.84 s`
    public var summaryLine: String {
        "planet: \(feedsOK) feeds ok, \(failures.count) failed, \(entries) entries, "
            + String(format: "%.2f s", duration)
    }
}

/// A build that could not produce a site (bad feeds.txt, template error, unwritable output).
/// Per-feed problems are never a BuildError; they are in the report.
public struct BuildError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// feeds.txt is unreadable or malformed; the message names file:line.
        case config(String)
        /// A template failed to compile or render; the message names template:line:column.
        case template(String)
        /// The output could not be written.
        case write(String)
    }
    public var reason: Reason

    public init(_ reason: Reason) { self.reason = reason }

    public var description: String {
        switch reason {
        case .config(let m), .template(let m), .write(let m): return m
        }
    }
}
