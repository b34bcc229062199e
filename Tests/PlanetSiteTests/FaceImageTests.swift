import Foundation
import Testing

@testable import PlanetSite

/// A face fetched into the site is taken by its magic bytes, whatever the server calls it.
@Suite("FaceImage: a face's type by its magic bytes")
struct FaceImageTests {
    @Test("PNG, JPEG, GIF, WebP and AVIF are known; SVG, HTML and short or empty bodies are not")
    func types() {
        let avif = Data([0, 0, 0, 0x1C]) + Data("ftypmif1".utf8) + Data([0, 0, 0, 0]) + Data("mif1avifmiaf".utf8)
        let known: [(Data, String)] = [
            (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]), "png"),
            (Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]), "jpg"),
            (Data("GIF89a\u{1}\u{0}".utf8), "gif"), (Data("GIF87a".utf8), "gif"),
            (Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), "webp"),
            (Data([0, 0, 0, 0x14]) + Data("ftypavif".utf8) + Data([0, 0, 0, 0]) + Data("mif1".utf8), "avif"),
            (avif, "avif")
        ]
        for (data, type) in known { #expect(FaceImage.type(of: data) == type, "\(type)") }
        let unknown = [
            Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), Data("<?xml version=\"1.0\"?><svg/>".utf8),
            Data("<html>".utf8), Data(), Data([0x89, 0x50]), Data("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8),
            Data([0, 0, 0, 0x14]) + Data("ftypheic".utf8) + Data([0, 0, 0, 0]) + Data("mif1".utf8)
        ]
        for data in unknown { #expect(FaceImage.type(of: data) == nil, "\(String(decoding: data, as: UTF8.self))") }
    }

    @Test("a copy's name is stable and the URL's own: faces/fetched/HASH.TYPE")
    func path() {
        let one = FaceImage.path(for: "http://a.example/face.png", type: "png")
        #expect(one == FaceImage.path(for: "http://a.example/face.png", type: "png"))
        #expect(one.hasPrefix("faces/fetched/") && one.hasSuffix(".png"))
        #expect(one != FaceImage.path(for: "http://b.example/face.png", type: "png"))
    }
}
