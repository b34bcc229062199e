import Foundation
import PlanetBase

/// The manual page planet(1), in roff (man(7) macros), generated from the same `CommandSpec`
/// tables as `--help`, so the two never disagree; `planet --man` prints it and `make deb` installs
/// it (docs/deploy.md).
enum ManPage {
    /// The whole page: NAME, SYNOPSIS, DESCRIPTION, one COMMANDS subsection per spec (its usage,
    /// summary, arguments, options and discussion), EXIT STATUS, ENVIRONMENT, FILES, SEE ALSO.
    static func render(_ specs: [CommandSpec]) -> String {
        var page = [
            ".TH PLANET 1 \"\" \"\(escape(PlanetVersion.generator))\" \"User Commands\"",
            ".SH NAME", "planet \\- a feed aggregator and static site generator",
            ".SH SYNOPSIS", ".B planet", ".I COMMAND", "[\\fIOPTIONS\\fR]",
            ".SH DESCRIPTION",
            escape(
                "planet reads a subscription list (feeds.txt), fetches every feed politely (conditional GET, "
                    + "a cache between runs), and writes a static site: a river of entries, RSS, Atom and OPML."),
            ".PP", escape("'planet help COMMAND' (or 'planet COMMAND --help') shows the options of one command."),
            ".SH COMMANDS"
        ]
        for spec in specs { page += section(spec) }
        page += [
            ".SH EXIT STATUS", ".TP", ".B 0", "Done as asked.", ".TP", ".B 1",
            escape("Something outside the input failed (a network error, a document that is not a feed; "
                + "planet build --strict when a feed failed; planet check when a feed fails)."),
            ".TP", ".B 2", escape("Bad usage or bad input; nothing was changed."),
            ".TP", ".B 74", escape("Standard output could not be written (EX_IOERR)."),
            ".TP", ".B 75", escape("Another build holds the lock (EX_TEMPFAIL): try again later, or pass --wait."),
            ".SH ENVIRONMENT", ".TP", ".B NO_COLOR", "Turns color off (no-color.org).",
            ".TP", ".B SOURCE_DATE_EPOCH", escape("Build time in seconds since 1970 when --now is not given."),
            ".TP", ".B TERM", escape("A progress line is drawn only on a terminal whose TERM is set and not 'dumb'."),
            ".SH FILES", ".TP", ".I feeds.txt", "The subscription list and the planet's settings.",
            ".TP", ".I .planet/cache.sqlite", escape("The cache beside feeds.txt: keep it between runs."),
            ".TP", ".I output/", escape("The site, replaced whole on every build."),
            ".TP", ".I /usr/share/planet/templates/", escape("The default templates, as 'planet init' writes them."),
            ".SH SEE ALSO", escape("/usr/share/doc/planet/README.md, /usr/share/doc/planet/deploy.md")
        ]
        return page.joined(separator: "\n") + "\n"
    }

    /// `.SS planet build`, its usage, summary, argument and option paragraphs, then discussion.
    static func section(_ spec: CommandSpec) -> [String] {
        var lines = [".SS \(escape("planet " + spec.name))", escape(HelpText.usage(spec)), ".br", escape(spec.summary)]
        for argument in spec.arguments {
            lines += [".TP", ".I \(escape(argument.name + (argument.isRepeated ? "..." : "")))", escape(argument.help)]
        }
        for option in spec.options {
            let value = option.value.map { " \\fI\(escape($0))\\fR" } ?? ""
            let help = option.help + (option.defaultText.map { " (default: \($0))" } ?? "")
            lines += [".TP", "\\fB\(escape("--" + option.name))\\fR\(value)", escape(help)]
        }
        for paragraph in (spec.discussion ?? "").split(separator: "\n") {
            lines += [".PP", escape(String(paragraph))]
        }
        return lines
    }

    /// `text` safe as roff text: backslashes as `\e`, hyphens as `\-` (so `--config` copies as
    /// typed), and a line that would start with `.` or `'` (a request) guarded by `\&` (man(7)).
    static func escape(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}
