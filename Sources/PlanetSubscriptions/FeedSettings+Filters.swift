extension FeedSettings {
    /// `allow_duplicates = yes` (rawdog's per-feed `allowduplicates`): this feed's entries are
    /// deduplicated by id only, never by link, so items of one feed that share a link all show.
    public var allowsDuplicates: Bool { FeedSettingKind.isTrue(self["allow_duplicates"]) }
}
