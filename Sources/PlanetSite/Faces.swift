import Foundation
import PlanetBase
import PlanetSubscriptions

/// A feed's face (Planet Venus's "hackergotchi"): the picture shown beside its entries and in
/// the sidebar.
package struct SiteFace: Sendable, Equatable, Hashable {
    /// `faces/NAME` (a file copied into the output) or an absolute http(s) URL.
    package var src: String
    /// Width and height in CSS pixels, written as `width`/`height` attributes so the page does
    /// not shift while the image loads.
    package var width: Int
    package var height: Int

    /// Creates a face.
    package init(src: String, width: Int, height: Int) {
        self.src = src
        self.width = width
        self.height = height
    }
}

/// Finds each feed's face for one build and the face files to copy into the output.
///
/// Order: the feed's `face` setting (a file in the `faces/` folder beside feeds.txt, or an https
/// URL), else the feed's own image (logo, else icon, else its author's avatar, as FeedParser read
/// them: Atom icon/logo, RSS `<image>`, itunes:image, JSON Feed icon/favicon/authors' avatar) when
/// it is a safe http(s) URL. A `face` file that is
/// missing, not a regular file, or reached through a link that leaves `faces/` is not used, and
/// `warnings` says so.
package struct Faces {
    /// The `faces/` folder beside feeds.txt.
    let folder: URL
    /// Size when the feed sets none (`face_width`, `face_height` of the planet).
    let defaultWidth: Int
    let defaultHeight: Int
    /// Output path (`faces/NAME`) → bytes of every face file used.
    package private(set) var files: [String: Data] = [:]
    /// `feeds.txt:LINE: face 'x.png' …` for faces that could not be used.
    package private(set) var warnings: [String] = []
    /// Face URL → the output path of its copy fetched into the site (``addCopy(of:type:data:)``):
    /// shown instead of the URL, so no reader's browser asks the feed's host.
    private var copies: [String: String] = [:]
    /// Face URLs the private-address rule refused (``refuse(_:)``): shown as no face at all.
    private var refused: Set<String> = []

    /// feeds.txt as messages name it.
    let place: String

    package init(configURL: URL, settings: FeedList.Settings) {
        place = configURL.relativePath
        folder = configURL.absoluteURL.deletingLastPathComponent().appendingPathComponent("faces", isDirectory: true)
        defaultWidth = settings.faceWidth
        defaultHeight = settings.faceHeight
    }

    /// The face of `subscription`, whose feed's own image is `image` (nil when none). A face
    /// given as a URL shows its copy fetched into the site (``addCopy(of:type:data:)``), else the
    /// URL without its userinfo: credentials are fetched with, never published.
    package mutating func face(for subscription: Subscription, image: String?) -> SiteFace? {
        let width = subscription.settings.faceWidth ?? defaultWidth
        let height = subscription.settings.faceHeight ?? defaultHeight
        guard let source = source(for: subscription, image: image) else { return nil }
        if copies[source] == nil, refused.contains(source) { return nil }
        let src = source.hasPrefix("faces/") ? source : copies[source] ?? URLText.removingUserinfo(source)
        return SiteFace(src: src, width: width, height: height)
    }

    /// Where the face of `subscription` comes from: `faces/NAME`, or a safe http(s) URL as given
    /// (userinfo included); nil when none.
    private mutating func source(for subscription: Subscription, image: String?) -> String? {
        if let value = subscription.settings.face, let reference = FaceReference(value) {
            switch reference {
            case .url(let url):
                if let safe = PublicLink.check(url) { return safe }
            case .file(let path):
                if let src = copy(path) { return src }
                let warning =
                    "\(place):\(subscription.line): face '\(path)' is not a file in the faces/ "
                    + "folder beside feeds.txt; the feed's own image is used, if any"
                if !warnings.contains(warning) { warnings.append(warning) }
            }
        }
        guard let image, let safe = PublicLink.check(image),
            URL(string: safe)?.hasHTTPScheme == true
        else { return nil }
        return safe
    }

    /// The URL the face of `subscription` links to when no copy of it was fetched (its `face`
    /// URL, else the feed's own image `image`; userinfo included, for the fetch); nil when its
    /// face is a file of `faces/`, or none. The build fetches these into the site (`BuildRun.copyFaces`).
    package mutating func remoteURL(for subscription: Subscription, image: String?) -> String? {
        guard let source = source(for: subscription, image: image), !source.hasPrefix("faces/") else { return nil }
        return source
    }

    /// Says that the face at `url` is at a private address (the fetch refused it, `AddressPolicy`):
    /// with no copy of it, no page shows it, since a link would make every reader's browser ask
    /// an internal address, and a public page must not name one (docs/ARCHITECTURE.md, Rules 7).
    package mutating func refuse(_ url: String) {
        refused.insert(url)
    }

    /// Publishes `data`, a face of type `type` (``FaceImage/type(of:)``) fetched from `url`, under
    /// its stable name (``FaceImage/path(for:type:)``): every face linking to `url` shows it.
    package mutating func addCopy(of url: String, type: String, data: Data) {
        // Named by the URL without its userinfo: a file name must not carry a hash of a password.
        let path = FaceImage.path(for: URLText.removingUserinfo(url), type: type)
        copies[url] = path
        files[path] = data
    }

    /// Reads the face files of `subscriptions` (their `face` settings that name a file), as
    /// `face(for:image:)` does, so that `files` and `warnings` are complete before any face is asked for.
    package mutating func readFiles(for subscriptions: [Subscription]) {
        for subscription in subscriptions where subscription.settings.face != nil {
            _ = face(for: subscription, image: nil)
        }
    }

    /// Reads `faces/path` for the output; nil when it is not a regular file inside `faces/`.
    private mutating func copy(_ path: String) -> String? {
        let output = "faces/" + path
        if files[output] != nil { return output }
        let root = folder.resolvingSymlinksInPath().standardizedFileURL.path
        let file = folder.appendingPathComponent(path).resolvingSymlinksInPath().standardizedFileURL
        var isFolder: ObjCBool = false
        guard file.path.hasPrefix(root.hasSuffix("/") ? root : root + "/"),
            FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue,
            let data = try? Data(contentsOf: file)
        else { return nil }
        files[output] = data
        return output
    }
}
