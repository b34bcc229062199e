import Foundation
import PlanetCache
import PlanetPublisher
import PlanetSite
import PlanetSubscriptions

/// What a build's site is made of besides the cache and the clock, each read once per build.
struct SiteInputs: Sendable {
    /// feeds.txt as read (after `--apply-redirects`' edit, if any).
    var list: FeedList
    /// The compiled templates and the source they came from.
    var site: Site
    var templates: TemplateSource
    var output: OutputFolder
    var pages: SitePages
    /// feeds.txt's feeds, then the reading lists'.
    var subscriptions: [Subscription]
    /// The face files of `subscriptions`, read (`Faces.readFiles`) before the fingerprint is made.
    var faces: Faces
}

/// Nothing changed, nothing written (Benchmarks/PERF.md, "Session 6"): a build whose inputs
/// (`BuildFingerprint.inputs`) and cache content are the last build's, at a time before any date
/// that changes the site (`SiteValidity`), with the output folder as that build left it, reuses
/// the site: no river, no render, nothing written. `check` decides it before the river;
/// `remember` records what a build that rendered made, for the next build's `check`.
struct UnchangedSite: Sendable {
    /// The last build's record of this output folder, nil when there is none.
    let record: SiteRecord?
    /// This build's fingerprint of its inputs.
    let fingerprint: String
    /// The cache's content version (`FeedCache.contentVersion()`) after this build's records.
    let contentVersion: Int
    /// Same inputs, same cache content, and a time before the record's `validUntil`.
    let sameInputs: Bool
    /// The record when the site is reused: `sameInputs`, and the output folder is as the record says.
    let reusable: SiteRecord?

    /// Compares this build's inputs with the record of the last build of the same output.
    /// - Throws: `BuildError.cache`.
    static func check(_ inputs: SiteInputs, _ fetched: BuildRun.Fetched, _ run: BuildRun) async throws(BuildError)
        -> UnchangedSite
    {
        let output = inputs.output.target.path
        let (record, contentVersion) = try await BuildError.wrapping(BuildError.Reason.cache) {
            () async throws(CacheError) in
            (try await run.cache.siteRecord(output: output), try await run.cache.contentVersion())
        }
        let fingerprint = BuildFingerprint.inputs(inputs, outcomes: fetched.outcomes)
        // A status template written before cache schema v8 may show values that change on every
        // build (`StatusReport.everyBuildKeys`): its site is rendered every time, as it was then.
        let changesEveryBuild = !inputs.site.references(anyOf: StatusReport.everyBuildKeys).isEmpty
        let sameInputs =
            !changesEveryBuild
            && record.map { record in
                record.fingerprint == fingerprint && record.contentVersion == contentVersion
                    && record.validUntil.map { run.now < $0 } ?? true
            } ?? false
        // The manifest (a stat of every file) is read only when the rest already matches.
        let reusable = sameInputs && record?.manifest == inputs.output.manifest ? record : nil
        return UnchangedSite(
            record: record, fingerprint: fingerprint, contentVersion: contentVersion, sameInputs: sameInputs,
            reusable: reusable)
    }

    /// The time the site is first rendered as of: when it last changed (`planet.updated_*`,
    /// status.json `generated`), else `now`.
    func lastChanged(now: Date) -> Date { record?.changedAt ?? now }

    /// Whether the site, rendered as of its last change, must be rendered again as of `now`: when
    /// the first rendering gives other bytes than the output holds, something changed now. With the
    /// same inputs the site is the same: an output changed by hand is put back as it was, with its
    /// date.
    func rendersAgain(_ plan: Publisher.Plan, renderedAt updated: Date, now: Date) -> Bool {
        !plan.changesNothing && updated != now && !sameInputs
    }

    /// Records the site just published for the next build's `check`: the fingerprint, the content
    /// version, until when time alone cannot change it (`SiteValidity`) and the output's manifest.
    /// Best effort: without the record the next build renders again and writes nothing new.
    func remember(_ selection: Selection, _ changedAt: Date, _ output: OutputFolder, _ run: BuildRun) async {
        let validUntil = SiteValidity.until(
            now: run.now, heads: selection.heads, readAll: selection.readAllHeads,
            pages: selection.pages, daysPerPage: run.settings.daysPerPage,
            statuses: selection.statuses, newest: selection.newest,
            activityThreshold: run.settings.activityThreshold)
        try? await run.cache.recordSite(
            SiteRecord(
                output: output.target.path, changedAt: changedAt,
                fingerprint: fingerprint, contentVersion: contentVersion,
                validUntil: validUntil, entries: selection.river.count,
                manifest: output.manifest))
    }
}
