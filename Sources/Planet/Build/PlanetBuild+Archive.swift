import Foundation

/// The archive pages' part of the build: the pages `assemble` makes, how many entries they
/// hold, and the warning for templates that cannot render them (README: Archive pages).
extension PlanetBuild {
    /// What `assemble` puts together.
    struct Assembled {
        /// The index's entries, then each archive page's (`River.pages`).
        var pages: [[RiverEntry]]
        var sidebar: [SiteSubscription]
        var statuses: [FeedStatus]
        /// The index's entries.
        var river: [RiverEntry] { pages[0] }
        /// Every page's entries in river order (the pages' caps may put an entry of page 2 before
        /// one of the index), for `River.prefixSuffices`: its last entry is the last one placed.
        var placed: [RiverEntry] { pages.count == 1 ? pages[0] : pages.joined().sorted(by: River.isBefore) }
    }

    /// How many entries `pages` pages of `perPage` show at most, saturated at 2^40 so that the
    /// head limits computed from it (`4 * limit`) cannot overflow, whatever feeds.txt asks for.
    static func entriesShown(perPage: Int, pages: Int) -> Int {
        let cap = 1 << 40
        let (product, overflow) = min(max(0, perPage), cap).multipliedReportingOverflow(by: min(max(1, pages), cap))
        return overflow ? cap : min(product, cap)
    }

    /// The warning for `archive_pages` set in feeds.txt while the templates cannot render
    /// archive pages (templates from before they existed); none otherwise.
    static func archiveWarning(_ site: Site, _ settings: FeedList.Settings) -> [String] {
        guard !site.rendersArchive, settings.values["archive_pages"] != nil, settings.archivePages > 0 else { return [] }
        let templates = site.templatesURL?.path ?? "built-in templates"
        return ["\(templates)/\(Site.archiveTemplate).mustache is missing, so no archive pages are written "
                + "(archive_pages = \(settings.archivePages)); copy it and partials/ from the templates "
                + "of a new 'planet init'"]
    }
}
