import Foundation
import PlanetBase
import Testing

@testable import PlanetPublisher

/// A full disk (ENOSPC) was reported as "check that the folder is writable": the message sent
/// admins to the permissions. It now says the disk is full.
@Suite("Publisher: a full disk says so")
struct PublishDiskFullTests {
    @Test("a file that could not be written for ENOSPC makes a publish error that says the disk is full")
    func fullDisk() throws {
        // The error FileCreation makes of a write that failed with ENOSPC (no test fills a disk:
        // /dev/full cannot be written through FileCreation's O_EXCL).
        let error = FileCreationError(
            path: "/srv/.output.tmp-1/index.html", reason: .cannotWrite("No space left on device"), errorNumber: ENOSPC)
        #expect(error.isDiskFull)
        let published = PublishError.writing(error, staging: "/srv/.output.tmp-1")
        #expect(published.reason == .diskFull(error.description))
        #expect(published.description.contains("the disk is full"))
        #expect(!published.description.contains("writable"))
    }

    @Test("another write failure still points at the folder's permissions")
    func permissionDenied() {
        let error = FileCreationError(path: "/srv/x", reason: .cannotWrite("Permission denied"), errorNumber: EACCES)
        #expect(PublishError.writing(error, staging: "/srv").description.contains("writable"))
    }
}
