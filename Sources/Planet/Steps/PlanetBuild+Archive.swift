import Foundation
import PlanetSite
import PlanetSubscriptions

/// The archive pages' part of the build that is not the river's (`River.pages`): the warning for
/// templates that cannot render them (README: Archive pages).
extension PlanetBuild {
    /// The warning for `archive_pages` set in feeds.txt while the templates cannot render
    /// archive pages (templates from before they existed); none otherwise.
    static func archiveWarning(_ site: Site, _ settings: FeedList.Settings) -> [String] {
        guard !site.rendersArchive, settings.values["archive_pages"] != nil, settings.archivePages > 0 else {
            return []
        }
        let templates = site.templatesURL?.path ?? "built-in templates"
        return [
            "\(templates)/\(Site.archiveTemplate).mustache is missing, so no archive pages are written "
                + "(archive_pages = \(settings.archivePages)); copy it and partials/ from the templates "
                + "of a new 'planet init'"
        ]
    }
}
