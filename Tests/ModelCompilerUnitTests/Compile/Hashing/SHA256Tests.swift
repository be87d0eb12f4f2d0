import Foundation
import Testing
@testable import ModelCompiler

/// The FIPS 180-4 example vectors published by NIST, plus block-boundary lengths.
@Suite struct SHA256Tests {

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func nistVectors(_ message: String, _ digest: String) {
        #expect(Hex.encode(SHA256.hash(Array(message.utf8))) == digest)
        var portable = SHA256(accelerated: false)
        portable.update(Array(message.utf8))
        #expect(Hex.encode(portable.finalize()) == digest)
    }

    /// The CPU's SHA instructions and the portable rounds agree on every length up to five blocks, fed whole and in
    /// pieces. Runs only where the CPU has the instructions (x86-64 with SHA extensions).
    @Test(.enabled(if: SHA256.hasExtensions, "this CPU has no SHA instructions"))
    func cpuInstructionsAgreeWithPortableRounds() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...320 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var accelerated = SHA256(accelerated: true), portable = SHA256(accelerated: false)
            accelerated.update(bytes.prefix(length / 2))
            accelerated.update(bytes.dropFirst(length / 2))
            portable.update(bytes)
            #expect(accelerated.finalize() == portable.finalize(), "length \(length): \(Hex.encode(bytes))")
        }
    }

    /// The inline digest is the array's bytes, and feeding it on is feeding those bytes.
    @Test func anInlineDigestIsTheSameDigest() {
        for length in [0, 1, 55, 56, 63, 64, 65, 1000] {
            let input = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
            var inline = SHA256(), array = SHA256()
            inline.update(input)
            array.update(input)
            let digest = inline.finalizeDigest()
            let bytes = array.finalize()
            #expect(digest.bytes == bytes, "\(length)")
            var fedDigest = SHA256(), fedBytes = SHA256()
            fedDigest.update(digest)
            fedBytes.update(bytes)
            #expect(fedDigest.finalizeDigest() == fedBytes.finalizeDigest(), "\(length)")
        }
        var a = SHA256(), b = SHA256()
        a.update([1])
        b.update([2])
        #expect(a.finalizeDigest() != b.finalizeDigest())
    }

    @Test func theDefaultIsTheCPUsInstructionsWhereThereAreAny() {
        // One million 'a's, the FIPS vector that takes 15,626 blocks, through whichever rounds this process uses.
        var hasher = SHA256()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hasher.update(chunk) }
        #expect(Hex.encode(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(SHA256().usesCPUInstructions == SHA256.hasExtensions)
    }

    @Test func oneMillionAs() {
        var hasher = SHA256(accelerated: false)
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hasher.update(chunk) }
        #expect(Hex.encode(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Lengths either side of where the padding needs a block of its own (digests from Python's hashlib).
    @Test(arguments: [
        (55, "27d3069ecafb8507f92fa750312a99afe0908525e67b2abe8942b51659945b1b"),
        (56, "3428ab653c0a1ac104ee80fd3bed55135da5556ca4c26da9c781ae56364a6969"),
        (57, "28c22b1d4fc34c26ca51d137ec64373fc16b38e32cef9c6759f910fc628efee1"),
        (63, "b5ec25bd1c4b7c94c9ea9d235272e43f644f561d7c8c7e58ec5fa9aefe95ef07"),
        (64, "a08f82c23e6c13629d8e33d0d2a13005fb104363eb793b5e8842044951d27764"),
        (119, "b4639d08cdba917a7875088b4e05633a7812e14282482de937915c9799b17250"),
        (120, "e4fce14f6aa99657bdffe9f1da59ce85f0398479e9af7e9de6ccf53e174447ab"),
    ])
    func paddingBoundaries(_ length: Int, _ digest: String) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        #expect(Hex.encode(SHA256.hash(bytes)) == digest)
    }

    @Test func incrementalEqualsOneShotAcrossBlockBoundaries() {
        for length in [55, 56, 63, 64, 65, 119, 128] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            var hasher = SHA256()
            hasher.update(bytes.prefix(length / 3))
            hasher.update(bytes.dropFirst(length / 3))
            #expect(hasher.finalize() == SHA256.hash(bytes), "length \(length)")
        }
    }

    @Test func byteAndIntegerUpdatesEqualTheirBytes() {
        let bytes = (0..<130).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        var hasher = SHA256()
        for byte in bytes { hasher.update(byte: byte) }
        hasher.update(littleEndian: 0x0102_0304)
        #expect(hasher.finalize() == SHA256.hash(bytes + [4, 3, 2, 1]))
    }

    /// A digest fed into another hasher in place is the digest's bytes, at any position of the outer block.
    @Test func aDigestFedInPlaceEqualsItsBytes() {
        for (innerLength, outerPrefix) in [(0, 0), (3, 1), (55, 31), (56, 32), (64, 33), (130, 63), (7, 64)] {
            for accelerated in [false, true] {
                let inner = (0..<innerLength).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
                let prefix = [UInt8](repeating: 0x5A, count: outerPrefix)
                var fed = SHA256(accelerated: accelerated), plain = SHA256(accelerated: accelerated)
                fed.update(prefix)
                plain.update(prefix)
                var innerHasher = SHA256(accelerated: accelerated)
                innerHasher.update(inner)
                innerHasher.finalize(into: &fed)
                plain.update(SHA256.hash(inner))
                #expect(fed.finalize() == plain.finalize(), "inner \(innerLength), prefix \(outerPrefix)")
            }
        }
    }
}

@Suite struct NSStringOrderTests {
    /// The fast byte comparison must agree with UTF-16 order, NSString's, including the one place UTF-8 and
    /// UTF-16 disagree: U+E000...U+FFFF against scalars beyond U+FFFF.
    @Test func agreesWithUTF16Order() {
        let names = [
            "", "a", "A", "ab", "aB", "a b", "Z", "é", "e\u{301}", "\u{D7FF}", "\u{E000}", "\u{FFFD}",
            "\u{10000}", "😀", "a😀", "a\u{FFFD}", "日本", "日", "zz", "z\u{E9}",
        ]
        for lhs in names {
            for rhs in names {
                #expect(
                    VersionHasher.nsStringOrder(lhs, rhs) == lhs.utf16.lexicographicallyPrecedes(rhs.utf16),
                    "\(lhs.unicodeScalars.map(\.value)) vs \(rhs.unicodeScalars.map(\.value))")
            }
        }
    }
}
