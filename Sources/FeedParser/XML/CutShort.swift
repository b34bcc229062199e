/// A document that ends inside an open element: its bytes stop before the root element closes
/// (XML 1.0 §2.1, `document ::= prolog element Misc*`: the element is not complete). A server
/// sends one when its gzip stream is cut inside intact HTTP framing (libcurl, like browsers,
/// hands over what it could inflate: curl/curl#2719) or when it writes a file that is cut short.
///
/// libxml2's recovery closes every open element at the end, so without this rule the last entry's
/// text would be recorded cut off in mid-sentence, over the whole copy the cache held. The open
/// elements are the innermost one libxml2 names (XML_ERR_TAG_NOT_FINISHED, "Premature end of
/// data in tag …") and its ancestors: the chain of last child elements from the root down to it.
/// An `item` or `entry` on that chain is the unfinished entry, and is left out.
struct CutShort: Sendable, Equatable {
    /// The innermost element still open at the end, as written (`description`, `atom:entry`).
    var innermost: String
    /// Line of the innermost open element's start tag.
    var line: Int
    /// Whether an unfinished `item`/`entry` was left out of the tree.
    var droppedEntry: Bool

    /// The feed warning: what happened, what planet did about it, what happens next.
    var warning: String {
        "the document ends inside <\(innermost)> (opened on line \(line)): it was cut short (by its server "
            + "or its compression)" + (droppedEntry ? ", and the unfinished entry is left out" : "")
            + "; planet asks for all of it again next time"
    }

    /// Local names of the elements that hold one entry: RSS `item` (0.9x–2.0), Atom `entry`.
    static let entryNames: Set<String> = ["item", "entry"]
}
