import Foundation
import Mustache
import PlanetPublisher
import PlanetSite

/// One rendering of the site: its context, status report and root value, at `updated` (when
/// the site last changed: `planet.updated_*`, status.json `generated`).
struct Rendering {
    var site: Site
    var context: SiteContext
    var status: StatusReport
    var root: MustacheValue
    /// Face files and static files held in memory, published beside the rendered pages.
    var extraFiles: [String: Data]
    /// The time the rendering says the site last changed.
    var updated: Date

    /// The site's rendering at `updated`: every template over the river and its archive pages
    /// (with the status report's `feeds_status` and `has_redirects`), status.json, the face files
    /// and the static files held in memory.
    init(_ selection: Selection, _ inputs: SiteInputs, _ run: BuildRun, updated: Date) {
        let site = inputs.site
        var context = SiteContext(
            configuration: run.siteConfiguration, river: selection.river,
            subscriptions: selection.sidebar, now: run.now, pages: inputs.pages,
            faces: selection.faces.byFeed.byURLText())
        context.olderPages = Array(selection.pages.dropFirst())
        context.updated = updated
        let status = StatusReport(title: run.siteConfiguration.title, generated: updated, feeds: selection.statuses)
        root = site.rootValue(
            context,
            extra: [
                "feeds_status": status.mustacheValue,
                "has_redirects": .bool(status.feeds.contains { $0.redirectTo != nil })
            ])
        self.site = site
        self.context = context
        self.status = status
        extraFiles = selection.faces.files.merging(site.staticFiles) { faces, _ in faces }
        self.updated = updated
    }

    /// Every file: the templates rendered over `root`, status.json and `extraFiles`.
    /// - Throws: `BuildError.site`.
    func files() throws(BuildError) -> [String: Data] {
        var files = try BuildError.wrapping(BuildError.Reason.site) { () throws(SiteError) in
            try site.render(context, root: root)
        }
        files["status.json"] = status.json()
        files.merge(extraFiles) { rendered, _ in rendered }
        return files
    }

    /// What publishing this rendering into `output` would write (`Publisher.plan`).
    /// - Throws: `BuildError.site`, `.publish`.
    func plan(_ output: OutputFolder) throws(BuildError) -> Publisher.Plan {
        try output.plan(try files(), staticFolder: site.staticFolder)
    }

    /// The same site rendered again as changed at `date` (without building the value tree again),
    /// and its plan in place of `plan`. The first plan's files go before the second rendering is
    /// made (10,000 feeds: 13 MB of files).
    /// - Throws: `BuildError.site`, `.publish`.
    mutating func changed(at date: Date, replacing plan: inout Publisher.Plan, in output: OutputFolder)
        throws(BuildError)
    {
        plan.planned = [:]
        root = context.value(root, updated: date)
        status.generated = date
        updated = date
        plan = try self.plan(output)
    }
}
