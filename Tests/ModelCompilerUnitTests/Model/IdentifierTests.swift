import Testing
@testable import ModelCompiler

/// Names Xcode accepts: ASCII is decided from the bytes, anything else by Unicode's properties; both must agree.
@Suite struct IdentifierTests {
    @Test(arguments: ["title", "_private", "Book2", "a_b_9", "Z", "été", "名前", "x١"])
    func valid(_ name: String) {
        #expect(Identifier.isValid(name))
    }

    @Test(arguments: ["", "2fast", "with space", "dash-ed", "dot.ted", "$", "é-", "٣x", "a\u{0}"])
    func invalid(_ name: String) {
        #expect(!Identifier.isValid(name))
    }

    @Test func everyASCIIByteAgreesWithUnicodesProperties() {
        for byte in UInt8(0)..<0x80 {
            let scalar = Unicode.Scalar(byte)
            let start = scalar == "_" || scalar.properties.isAlphabetic
            let later = start || scalar.properties.numericType == .decimal
            #expect(Identifier.isValid(String(scalar)) == start, "\(byte)")
            #expect(Identifier.isValid("a" + String(scalar)) == later, "\(byte)")
        }
    }
}
