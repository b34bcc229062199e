import Foundation
import PlanetPublisher

/// The output folder of a build, checked once before anything is fetched (`Publisher.check()`):
/// its publisher, and where the site goes.
struct OutputFolder: Sendable {
    /// Writes the site into the folder (`Publisher`), never over a guarded place.
    let publisher: Publisher
    /// `BuildOptions.outputURL` with symbolic links resolved: the folder the site record names.
    let target: URL

    /// Checks that `options.outputURL` may be replaced: not feeds.txt's folder, the templates or the
    /// cache, nor any folder planet did not write (`Publisher.check()`).
    /// - Throws: `BuildError.publish`.
    init(_ options: BuildOptions) throws(BuildError) {
        let publisher = Publisher(outputURL: options.outputURL, guarding: Self.guardedPlaces(options))
        target = try BuildError.wrapping(BuildError.Reason.publish) { () throws(PublishError) in
            try publisher.check()
        }
        self.publisher = publisher
    }

    /// What publishing `files` and the templates' static folder would write (`Publisher.plan`).
    /// - Throws: `BuildError.publish`.
    func plan(_ files: [String: Data], staticFolder: URL?) throws(BuildError) -> Publisher.Plan {
        try BuildError.wrapping(BuildError.Reason.publish) { () throws(PublishError) in
            try publisher.plan(files: files, staticFolder: staticFolder)
        }
    }

    /// Writes what `plan` says (`Publisher.publish`): nothing when it changes nothing.
    /// - Throws: `BuildError.publish`.
    func publish(_ plan: Publisher.Plan) throws(BuildError) -> PublishOutcome {
        try BuildError.wrapping(BuildError.Reason.publish) { () throws(PublishError) in try publisher.publish(plan) }
    }

    /// The folder's files as the site record keeps them (`OutputManifest`: path, size, mtime, inode).
    var manifest: String { OutputManifest.read(target) }

    /// What the output folder must never replace: feeds.txt's folder, the cache file, and every
    /// folder planet reads from, nor be inside one of those (the templates, `faces/` and `pages/`
    /// beside feeds.txt: `Publisher.check()`).
    static func guardedPlaces(_ options: BuildOptions) -> [Publisher.Guarded] {
        let folder = options.configURL.absoluteURL.deletingLastPathComponent()
        var places = [
            Publisher.Guarded("feeds.txt's folder", folder),
            Publisher.Guarded("the cache", options.resolvedCacheURL),
            Publisher.Guarded("the faces folder", folder.appendingPathComponent("faces"), refusesInside: true),
            Publisher.Guarded("the Markdown pages folder", folder.appendingPathComponent("pages"), refusesInside: true)
        ]
        if let templates = options.templatesURL {
            places.append(Publisher.Guarded("the templates", templates, refusesInside: true))
        }
        return places
    }
}
