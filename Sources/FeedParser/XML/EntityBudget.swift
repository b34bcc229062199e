/// How much replacement text the entity references of one document may add while the libxml2 tree
/// is converted, and why a document was refused.
///
/// libxml2 parses without `XML_PARSE_NOENT`, so each reference stays one node whose content is the
/// entity's replacement text; copying that text once per reference is where a quadratic blowup
/// (one 100 KB entity referenced 10 000 times: 1 GB) or a billion laughs would amplify. The budget
/// is a linear amplification limit in the spirit of libxml2 2.11's `XML_MAX_AMPLIFICATION_DEFAULT`
/// (5): 1 MB plus five times the document size. A reference to an external entity (XXE) is refused
/// outright; it is never loaded.
struct EntityBudget {
    /// Bytes of replacement text still allowed.
    private(set) var remaining: Int
    /// Why the document was refused, once it was; conversion stops there.
    private(set) var refusal: String?

    /// - Parameter documentSize: the size of the parsed document, bytes.
    init(documentSize: Int) {
        remaining = 1_000_000 + 5 * documentSize
    }

    /// Takes `count` bytes of replacement text; false (and a refusal) when over the budget.
    mutating func spend(_ count: Int) -> Bool {
        guard refusal == nil else { return false }
        remaining -= count
        if remaining < 0 {
            refusal = "entity expansion above the limit (billion laughs or quadratic blowup)"
            return false
        }
        return true
    }

    /// Records a refusal; the first one wins.
    mutating func refuse(_ reason: String) {
        if refusal == nil { refusal = reason }
    }
}
