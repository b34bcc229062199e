import Foundation
import PlanetBase
import PlanetCache
import PlanetFetcher
import PlanetSite
import PlanetSubscriptions

extension BuildRun {
    /// Fetches into the site the faces the pages would otherwise link to on the feeds' hosts (a
    /// `face` URL and, with `copy_faces = all`, the default, a feed's logo, icon or avatar too: an
    /// `http:` image on an `https:` planet is mixed content, and every reader's browser would ask a
    /// third party; issue 27; `settings`: the `face` URLs only; `no`: none). Each URL once per
    /// build, however many feeds and pages show it, through `fetcher`'s engine and settings with a
    /// size cap (`FaceImage.maxBytes`) and the private-address rule from the first request on (a
    /// feed chose the URL; `Fetcher.withLimits`); conditionally, with the validators of the copy
    /// in the cache (`FeedCache.faceCopies`). A copy is taken only when its magic bytes are a PNG,
    /// JPEG, GIF, WebP or AVIF image (`FaceImage.type(of:)`). A face whose fetch fails keeps its
    /// last good copy; with none, the page links to the URL as before, except a face at a private
    /// address, which no page then shows (`Faces.refuse`). Offline, the stored copies
    /// alone are used. The cache keeps the copies of `urls` only (`FeedCache.forgetFaces`).
    /// - Returns: `faces` with the copies added (`Faces.addCopy`), and warnings about faces that
    ///   were too large or not an image.
    /// - Throws: `BuildError.cache`.
    func copyFaces(
        _ faces: Faces, _ subscriptions: [Subscription], _ fetched: Fetched, _ fetcher: Fetcher
    ) async throws(BuildError) -> (faces: Faces, warnings: [String]) {
        var faces = faces
        var urls: [String] = []
        var seen = Set<String>()
        let mode = settings.copyFaces
        guard mode != "no" else { return (faces, []) }
        for subscription in subscriptions {
            // `copy_faces = settings`: a feed's own image stays a link (only feeds.txt's URLs are fetched).
            let image =
                mode == "all"
                ? Self.image(of: subscription.key, outcomes: fetched.outcomes, states: fetched.states) : nil
            if let url = faces.remoteURL(for: subscription, image: image), seen.insert(url).inserted {
                urls.append(url)
            }
        }
        guard !urls.isEmpty else { return (faces, []) }
        var copies = try await BuildError.wrapping(BuildError.Reason.cache) { () async throws(CacheError) in
            try await cache.faceCopies(urls)
        }
        var warnings: [String] = []
        if !offline {
            let faceFetcher = fetcher.withLimits(maxBytes: FaceImage.maxBytes, refusesPrivateFromStart: true)
            let requests = urls.compactMap { URL(string: $0) }.map { Subscription(url: $0) }
            let validators = Dictionary(
                uniqueKeysWithValues: requests.compactMap { request in
                    copies[request.url.absoluteString].map { (request.url, $0.validators) }
                })
            for result in await faceFetcher.fetchAll(requests, validators: validators) {
                let url = result.subscription.url.absoluteString
                let (copy, warning) = Self.faceCopy(result, url: url, stored: copies[url])
                if let warning { warnings.append(warning) }
                if case .failed(let failure) = result.outcome, failure.kind == .privateAddress { faces.refuse(url) }
                guard let copy, copy != copies[url] else { continue }
                copies[url] = copy
                try await BuildError.wrapping(BuildError.Reason.cache) { () async throws(CacheError) in
                    try await cache.recordFace(copy, now: now)
                }
            }
        }
        try await BuildError.wrapping(BuildError.Reason.cache) { () async throws(CacheError) in
            try await cache.forgetFaces(except: Set(urls))
        }
        for url in urls {
            if let copy = copies[url] { faces.addCopy(of: url, type: copy.imageType, data: copy.data) }
        }
        return (faces, warnings)
    }

    /// The copy to keep after `result`, the fetch of the face at `url` (`stored`: the cache's), and
    /// a warning when what came back cannot be a face.
    static func faceCopy(_ result: FetchResult, url: String, stored: FaceCopy?) -> (FaceCopy?, String?) {
        let shown = URLText.removingUserinfo(url)
        let kept = stored == nil ? "the page links to it instead" : "the last good copy is kept"
        switch result.outcome {
        case .notModified(_, let fresh, _):
            guard var copy = stored else { return (nil, nil) }
            if let fresh { copy.validators = copy.validators.revalidated(by: fresh) }
            return (copy, nil)
        case .fetched(let document):
            guard let type = FaceImage.type(of: document.data) else {
                return (
                    stored,
                    "face '\(shown)' is not a PNG, JPEG, GIF, WebP or AVIF image (SVG is not taken), so it is not "
                        + "copied into the site; \(kept)"
                )
            }
            let validators = FetchValidators(etag: document.etag, lastModified: document.lastModified)
            return (FaceCopy(url: url, imageType: type, data: document.data, validators: validators), nil)
        case .failed(let failure) where failure.kind == .privateAddress:
            let none = stored == nil ? "no face is shown" : "the last good copy is kept"
            return (stored, "face '\(shown)' is at a private address, so it is not fetched; \(none)")
        case .failed(let failure):
            guard failure.kind == .tooLarge else { return (stored, nil) }
            return (
                stored,
                "face '\(shown)' is larger than \(FaceImage.maxBytes / 1024) KB, so it is not copied into the site; "
                    + "\(kept)"
            )
        }
    }

    /// A feed's own image: that of this run's document (logo, else icon, else its author's
    /// avatar), else the one the cache remembers.
    static func image(of key: FeedKey, outcomes: [FeedKey: FeedOutcome], states: [FeedKey: FeedState]) -> String? {
        outcomes[key]?.feed.map { $0.logo ?? $0.icon ?? $0.author?.avatar } ?? states[key]?.image
    }
}
