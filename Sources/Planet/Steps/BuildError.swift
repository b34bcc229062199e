import PlanetCache
import PlanetPublisher
import PlanetSite
import PlanetSubscriptions

/// A build that could not produce a site (bad feeds.txt, template error, unwritable output, a
/// broken cache, another build running). Per-feed problems are never a BuildError; they are in
/// the report.
///
/// Each case carries the error of the stage that stopped the build; the message shown is that
/// error's, as is (`description`).
public struct BuildError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Which stage stopped the build, and why.
    public enum Reason: Sendable, Equatable {
        /// feeds.txt is unreadable or malformed (the message names file:line), or could not be
        /// saved with `--apply-redirects`.
        case config(FeedListError)
        /// Another build holds the lock file (and `--wait` was not given), or the lock file could
        /// not be made; the message names it.
        case lock(LockError)
        /// A template failed to compile or render (the message names template:line:column), or a
        /// Markdown page could not be read or rendered (it names the page).
        case site(SiteError)
        /// The output folder may not be replaced, or could not be written; the message names it.
        case publish(PublishError)
        /// The cache could not be opened, read or written; the message names its path.
        case cache(CacheError)
    }
    /// What stopped the build.
    public var reason: Reason

    /// Creates an error with the given reason.
    public init(_ reason: Reason) { self.reason = reason }

    /// The message of the stage's error, as is.
    public var description: String {
        switch reason {
        case .config(let error): return error.description
        case .lock(let error): return error.description
        case .site(let error): return error.description
        case .publish(let error): return error.description
        case .cache(let error): return error.description
        }
    }

    /// True when another build holds the lock, or another process (a backup) the cache's SQLite
    /// lock past its busy timeout: the build may simply be tried again later (`planet build` exits
    /// with 75, EX_TEMPFAIL).
    public var isLocked: Bool {
        switch reason {
        case .lock(let error): return error.isHeld
        case .cache(let error): return error.isBusy
        default: return false
        }
    }
}

extension BuildError {
    /// The result of `body`, one stage's work; the stage's error becomes the build error that
    /// `reason` makes of it (`BuildError.Reason.cache`, `.site`, …).
    @discardableResult
    static func wrapping<T, E: Error>(_ reason: (E) -> Reason, _ body: () throws(E) -> T) throws(BuildError) -> T {
        do {
            return try body()
        } catch {
            throw BuildError(reason(error))
        }
    }

    /// The result of `body`, one stage's asynchronous work; its error is wrapped as by
    /// `wrapping(_:_:)`.
    @discardableResult
    static func wrapping<T, E: Error>(
        _ reason: (E) -> Reason,
        _ body: () async throws(E) -> T
    ) async throws(BuildError) -> T {
        do {
            return try await body()
        } catch {
            throw BuildError(reason(error))
        }
    }
}
