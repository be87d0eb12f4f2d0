import Foundation
import Testing
@testable import ModelCompiler

/// Defaults spelled as shipped apps spell them compile to the value Apple's momc writes (NSString's readings), with a
/// warning exactly where the text says something else than the compiled value.
@Suite struct DefaultValueArchiveTests {
    /// (attribute type, defaultValueString, archived value as `dump` prints it, warned)
    private static let cases: [(String, String, String, Bool)] = [
        ("Integer 32", "NO", "int 0", true),
        ("Integer 64", "0.0", "int 0", false),
        ("Integer 16", " 12 ", "int 12", false),
        ("Integer 32", "12abc", "int 12", true),
        ("Integer 64", "-7.9", "int -7", true),
        ("Boolean", "YES", "bool true", false),
        ("Boolean", "yes", "bool true", false),
        ("Boolean", "1", "bool true", false),
        ("Boolean", "0.0", "bool false", false),
        ("Boolean", "maybe", "bool false", true),
        ("Double", "1e3", "real8 1000.0", false),
        ("Double", "2.5 m", "real8 2.5", true),
        ("Float", "abc", "real4 0.0", true),
    ]

    private func version(_ name: String) -> String {
        let attributes = Self.cases.enumerated().map { index, item in
            "<attribute name=\"v\(index)\" optional=\"YES\" attributeType=\"\(item.0)\" defaultValueString=\"\(item.1)\"/>"
        }
        return Fixtures.contents(
            """
            <entity name="\(name)">
                \(attributes.joined(separator: "\n        "))
                <attribute name="price" optional="YES" attributeType="Decimal" defaultValueString="12.50"/>
            </entity>
            """)
    }

    @Test func nonCanonicalDefaultsCompileToMomcsValuesWithWarnings() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Fixtures.writeBundle(
            in: directory, versions: [("Model", version("Old")), ("Model 2", version("New"))],
            currentVersion: Fixtures.pointerFile("Model 2"))
        let output = directory + "/out"
        let result = compile(input: bundle, outputDirectory: output)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        for (versionName, entity) in [("Model", "Old"), ("Model 2", "New")] {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(output)/Model.momd/\(versionName).mom")))
            let lines = ArchiveDump.lines(try KeyedArchive(bytes: bytes))
            func value(_ attribute: String, _ key: String = "NSDefaultValue") -> String? {
                lines.first { $0.path == "root.NSEntities[\(entity)].NSProperties[\(attribute)].\(key)" }?.value
            }
            for (index, item) in Self.cases.enumerated() {
                #expect(value("v\(index)") == item.2, "\(item.0) '\(item.1)' in \(versionName)")
            }
            // Foundation's NSDecimalNumber for 12.50: mantissa 125, exponent -1, compacted.
            #expect(value("price", "NSDefaultValue.NS.exponent") == "inline int -1")
            #expect(value("price", "NSDefaultValue.NS.mantissa") == "inline data <7d000000000000000000000000000000>")
            #expect(value("price", "NSDefaultValue.NS.compact") == "inline bool true")
        }
        let warned = result.diagnostics.with(.valueReinterpreted)
        let expected = Self.cases.filter(\.3)
        // Findings of versions before the current one are summed up unless the history is asked for.
        #expect(warned.count == expected.count, "one warning per spelling: \(warned)")
        for item in expected {
            #expect(
                warned.contains {
                    $0.message.hasPrefix("default value '\(item.1)' of 'New.") && $0.severity == .warning
                },
                "\(item.0) '\(item.1)'")
        }
        #expect(
            warned.first { $0.message.contains("'NO'") }?.message
                == "default value 'NO' of 'New.v0' (Integer 32) compiles to 0, as Apple's momc reads it")
    }

    @Test func warningsCanBeSilencedByCode() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Fixtures.writeBundle(in: directory, versions: [("Model", version("Only"))])
        #expect(!check(paths: [bundle]).diagnostics.with(.valueReinterpreted).isEmpty, "warned without the policy")
        let result = check(paths: [bundle], policy: SeverityPolicy([.valueReinterpreted: .ignore]))
        #expect(result.diagnostics.with(.valueReinterpreted).isEmpty)
    }
}
