import Testing
@testable import ModelCompiler

@Suite struct SwiftLiteralTests {
    @Test(arguments: [
        ("name", #""name""#),
        ("", #""""#),
        ("café ☕️ e\u{301}", "\"café ☕️ e\u{301}\""),
        (#"a\b"#, #""a\\b""#),
        (#"say "hi""#, #""say \"hi\"""#),
        ("line\nnext\r\ttab", #""line\nnext\r\ttab""#),
        ("\u{301}leading mark", "\"\u{301}leading mark\""),
    ])
    func quotesAndEscapes(_ text: String, _ literal: String) {
        #expect(Array(SwiftLiteral.string(text).utf8) == Array(literal.utf8))
    }
}
