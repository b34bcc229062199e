/// The theme a Planet Venus or Planet 2.x config.ini names, as written there: paths are relative
/// to the folder the planet's runner was started from (docs/ARCHITECTURE.md has no rule for
/// them; `planet import` resolves them, `ThemeImport` in PlanetSite).
///
/// - Planet 2.x (INSTALL, "Template files"): `template_files`, blank-separated paths of htmltmpl
///   files, relative to the folder `planet.py` ran in (usually the repository root).
/// - Planet Venus (docs/config.html): `output_theme`, a folder whose own `config.ini` is merged
///   into the planet's (planet/config.py: the theme's `template_files` unless the planet names its
///   own, `bill_of_materials` of both, the theme folder added to `template_directories`);
///   `template_directories`, where `template_files` and `bill_of_materials` are looked up;
///   `bill_of_materials`, files copied as they are to the output folder.
package struct VenusTheme: Sendable, Equatable {
    /// `output_theme`: a theme folder (Venus), nil when not set.
    package var outputTheme: String?
    /// `template_files`, in order.
    package var templateFiles: [String] = []
    /// `bill_of_materials`, in order.
    package var billOfMaterials: [String] = []
    /// `template_directories`, in order.
    package var templateDirectories: [String] = []
    /// The theme folder's own `template_directories` (relative to that folder), once merged.
    package var themeDirectories: [String] = []
    /// True for a Venus config (one with a key only Venus reads: `VenusConfig.venusOnlyKeys`).
    package var isVenus = false

    /// Creates an empty theme reference.
    package init() {}

    /// True when the config names no theme and no template.
    package var isEmpty: Bool { outputTheme == nil && templateFiles.isEmpty && billOfMaterials.isEmpty }

    /// Merges `own`, the theme folder's config.ini, as Venus does (planet/config.py): its
    /// `template_files` unless these name some, its `bill_of_materials` then these, its
    /// `template_directories` as `themeDirectories`.
    package mutating func merge(_ own: VenusTheme) {
        if templateFiles.isEmpty { templateFiles = own.templateFiles }
        billOfMaterials = own.billOfMaterials + billOfMaterials.filter { !own.billOfMaterials.contains($0) }
        themeDirectories = own.templateDirectories
    }

    /// Records `key = value` when `key` is one of the theme's keys.
    /// - Returns: false for any other key.
    mutating func read(_ key: String, _ value: String) -> Bool {
        let words = value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
        switch key {
        case "output_theme": outputTheme = value.isEmpty ? nil : value
        case "template_files": templateFiles = words
        case "bill_of_materials": billOfMaterials = words
        case "template_directories": templateDirectories = words
        default: return false
        }
        return true
    }

    /// The keys of a theme folder's own `config.ini` (its `[Planet]` section, Venus themes/*/config.ini).
    package static func parseThemeConfig(_ text: String) -> VenusTheme {
        var theme = VenusTheme()
        theme.isVenus = true
        let sections = INISections.parse(text)
        for section in sections where ["planet", "default"].contains(section.name.lowercased()) {
            for (key, value) in section.pairs { _ = theme.read(key, value) }
        }
        return theme
    }
}
