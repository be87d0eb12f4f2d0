import Foundation
import Testing
@testable import ModelCompiler

/// #49: numeric type changes decided per pair from evidence. Integer 64 -> Double is inferred (a shipping app's
/// migration test); pairs without evidence are a warning naming what converting does, never "not inferable" and never
/// an error; a change to or from a non-numeric type still fails.
@Suite struct NumericConversionTests {
    static func attribute(_ type: String) -> String {
        #"\#n        <attribute name="amount" optional="YES" attributeType="\#(type)" usesScalarValueType="YES"/>"#
    }

    /// M (shipped) has `amount` of type `old`; M 2, in development, of type `new`.
    static func check(_ old: String, _ new: String, in directory: String) throws -> [Diagnostic] {
        let bundle = try FindingDetailTests.bundle(
            [
                FindingDetailTests.version(attribute(old)),
                FindingDetailTests.version(attribute(new)),
            ], in: directory)
        #expect(!markShipped(bundle: bundle, versions: ["M"]).diagnostics.hasErrors)
        return ModelCompiler.check(paths: [bundle]).diagnostics.filter { $0.subjects == ["A.amount"] }
    }

    @Test func integerToDoubleIsInferred() throws {
        for old in ["Integer 64", "Integer 32", "Integer 16"] {
            let directory = try Fixtures.temporaryDirectory()
            defer { Fixtures.remove(directory) }
            #expect(try Self.check(old, "Double", in: directory).isEmpty, "\(old) -> Double")
        }
        let models = try MigrationAnalyzerTests.models(
            ["Integer 64", "Double"].map {
                #"<entity name="A">"# + Self.attribute($0) + "</entity>"
            })
        #expect(MigrationAnalyzerTests.verdict(models, 1, 2).verdict == .inferable)
    }

    @Test(arguments: [
        ("Integer 32", "Decimal", "each value would become a Decimal"),
        ("Double", "Integer 32", "fractions would be cut off"),
        ("Integer 64", "Integer 16", "larger values would overflow"),
        ("Decimal", "Double", "rounded to binary floating point"),
    ])
    func otherNumericPairsAreAWarningThatNamesTheConversion(_ old: String, _ new: String, _ risk: String) throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let found = try Self.check(old, new, in: directory)
        #expect(found.count == 1 && found.first?.code == .migrationNumericConversion, "\(found)")
        #expect(found.first?.severity == .warning, "never an error, even with versions shipped")
        #expect(found.first?.message.contains(risk) == true, "\(found)")
        #expect(found.first?.message.contains("not inferable") == false)
    }

    @Test func aNonNumericTypeChangeStillFails() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let found = try Self.check("Integer 32", "String", in: directory)
        #expect(found.map(\.code) == [.migrationTypeChange] && found.first?.severity == .error, "\(found)")
    }

    /// The prediction keeps a converted value: an integer read back as a real number.
    @Test func theFixturePredictionKeepsConvertedValues() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try FindingDetailTests.bundle(
            [
                FindingDetailTests.version(Self.attribute("Integer 64")),
                FindingDetailTests.version(Self.attribute("Double")),
            ], in: directory)
        let result = fixtures(bundle: bundle, output: directory + "/out", rows: 3)
        #expect(result.stores.count == 1, "\(result.diagnostics)")
        let document = try ExpectedRowsTests.read(directory + "/out/M.expected.json")
        let amounts = document.rows.compactMap { $0.values["amount"] }
        #expect(amounts.count == 3 && amounts.contains { if case .number = $0 { true } else { false } }, "\(amounts)")
        #expect(document.entities["A"]?.rows == 3)
        let text = try String(contentsOfFile: directory + "/out/M.expected.json", encoding: .utf8)
        #expect(!text.contains("\"changedType\" : [\n        \"amount\""), "amount's values are kept")
    }
}
