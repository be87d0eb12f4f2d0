import Foundation
import Testing
@testable import ModelCompiler

/// The library imports FoundationEssentials where it can, and spells the few Foundation string and path operations
/// it lacks itself: each must mean what Foundation's does (the tests import Foundation to compare).
@Suite struct TextTests {
    static let samples = [
        "", " ", "\t", "plain", "  both  ", "\tlead", "trail\t", "\u{00A0}nbsp\u{00A0}", "\u{2003}em", "line\n",
        "\nline", "\r\nwindows\r\n", "\u{0085}nel\u{0085}", "\u{2028}ls\u{2029}", "\u{000B}vt\u{000C}", "a b\tc",
        "\u{FEFF}bom", "e\u{0301} ", " \u{1F600} ",
    ]

    @Test(arguments: samples) func trimmingMeansWhatFoundationMeans(_ text: String) {
        #expect(text.trimmingWhitespace == text.trimmingCharacters(in: .whitespaces))
        #expect(text.trimmingWhitespaceAndNewlines == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func replacingEveryOccurrence() {
        let cases: [(String, String, String)] = [
            ("a_b_c", "_", "."), ("\"q\"", "\"", "\\\""), ("&#38;&#38;", "&#38;", "&"), ("none", "x", "y"),
            ("aaa", "aa", "b"), ("", "a", "b"), ("\"\u{0301}", "\"", "\\\""),
            ("caf\u{E9} & \u{1F600}", "&", "&amp;"),
        ]
        for (text, target, replacement) in cases {
            #expect(
                text.replacingEvery(target, with: replacement)
                    == text.replacingOccurrences(of: target, with: replacement), "\(text)")
        }
    }

    /// Escaping for SQL, JSON and XML goes by code point: a quote that a combining mark follows is escaped too.
    @Test func replacingEveryScalar() {
        #expect("\"\u{301}".replacingEveryScalar("\"", with: "\"\"") == "\"\"\u{301}")
        #expect("a&\u{301}b&".replacingEveryScalar("&", with: "&amp;") == "a&amp;\u{301}b&amp;")
        for text in ["", "none", "\"q\"", "caf\u{E9} & \u{1F600}", "a_b_c"] {
            #expect(text.replacingEveryScalar("\"", with: "\\\"") == text.replacingOccurrences(of: "\"", with: "\\\""))
            #expect(text.replacingEveryScalar("&", with: "&amp;") == text.replacingOccurrences(of: "&", with: "&amp;"))
        }
    }

    @Test func firstRangeFromAnIndex() throws {
        let text = #"{"versions": ["A", "B", "A"]}"#
        let start = try #require(text.firstRange(of: "\"versions\"", from: text.startIndex)).upperBound
        let found = try #require(text.firstRange(of: "\"A\"", from: start))
        #expect(text.distance(from: text.startIndex, to: found.lowerBound) == 14)
        #expect(text.firstRange(of: "\"C\"", from: start) == nil)
        #expect(text.firstRange(of: "x", from: text.endIndex) == nil)
    }

    @Test func deletingTheLastPathComponentAsNSStringDoes() {
        for path in ["/a/b", "/a/b/", "a/b", "/a", "/", "a//b", "a/b//", "/a/b/c.momd", "./x", "../x/y"] {
            #expect(path.withoutLastPathComponent == (path as NSString).deletingLastPathComponent, "\(path)")
        }
        // swift-corelibs-foundation stops the process on a path of one component; Apple's NSString gives "".
        #expect("".withoutLastPathComponent == "" && "a".withoutLastPathComponent == "")
    }

    @Test func aFailureSaysTheSystemsReason() throws {
        #expect(throws: (any Error).self) { _ = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent/openmomc/x")) }
        do {
            _ = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent/openmomc/x"))
        } catch {
            #expect(FileSystem.reason(error) == "No such file or directory")
        }
        #expect(FileSystem.reason(POSIXError(.EACCES)) == "Permission denied")
    }
}
