import Foundation
import Testing
@testable import ModelCompiler

/// Xcode's "Reg. Ex." validation (`regularExpressionString` on a String attribute) is a rule Core Data enforces at
/// save: it is compiled, kept in the shipped record (format 3 on) and read back from a compiled model, never dropped.
@Suite struct RegularExpressionTests {
    static let body = """
        <entity name="Contact">
            <attribute name="email" optional="YES" attributeType="String" minValueString="3" maxValueString="254" regularExpressionString="[^@]+@[^@]+"/>
            <attribute name="code" optional="YES" attributeType="String" regularExpressionString="[A-Z]{3}"/>
            <fetchedProperty name="recent" optional="YES" transient="YES">
                <fetchRequest name="fetchedPropertyFetchRequest" entity="Contact" predicateString="TRUEPREDICATE"/>
            </fetchedProperty>
        </entity>
        """

    @Test func itIsReadWithoutAWarningAndNeitherIsATransientFetchedProperty() {
        #expect(Fixtures.diagnostics(forBody: Self.body).isEmpty)
    }

    @Test func itCompilesToAMatchesValidationAfterTheLengthLimits() throws {
        let model = try Fixtures.model(Self.body)
        let lines = ArchiveDump.lines(try KeyedArchive(bytes: ModelArchiver.momData(for: model)))
        func value(_ path: String) -> String? {
            lines.first { $0.path == "root.NSEntities[Contact].NSProperties[" + path }?.value
        }
        #expect(value("email].NSValidationPredicates") == "NSArray (3)")
        #expect(value("email].NSValidationPredicates[2]") == "NSComparisonPredicate")
        #expect(value("email].NSValidationPredicates[2].NSLeftExpression") == "NSSelfExpression")
        #expect(value("email].NSValidationPredicates[2].NSPredicateOperator") == "NSMatchingPredicateOperator")
        #expect(value("email].NSValidationPredicates[2].NSRightExpression.NSConstantValue") == #"string "[^@]+@[^@]+""#)
        #expect(value("email].NSValidationWarnings[2]") == "int 1680")
        #expect(value("code].NSValidationPredicates") == "NSArray (1)")
        #expect(value("code].NSValidationWarnings[0]") == "int 1680")
        // Read back from the compiled model, as `hashes` and the store doctor read one.
        let back = try #require(
            ModelUnarchiver.model(
                from: KeyedArchive(bytes: ModelArchiver.momData(for: model)),
                versionName: "Test", file: "Test.mom"))
        let email = try #require(back.entities.first?.attributes.first { $0.name == "email" })
        #expect(email.regularExpression == "[^@]+@[^@]+" && email.minValue == "3" && email.maxValue == "254")
    }

    @Test func theShippedRecordKeepsItFromFormat3() throws {
        let model = try Fixtures.model(Self.body)
        let email = try #require(model.entities.first?.attributes.first)
        let format3 = FactWriter(format: 3).lines(email, FingerprintFacts.attribute)
        let format2 = FactWriter(format: 2).lines(email, FingerprintFacts.attribute)
        #expect(format3.contains("regularExpression=\"[^@]+@[^@]+\"\n"))
        // A record written before the rule was read (format 2) still verifies: it never held it.
        #expect(!format2.contains("regularExpression"))
        #expect(
            FactWriter(format: 3).readable(email, FingerprintFacts.attribute)?["regular expression"]
                == "\"[^@]+@[^@]+\"")
    }

    @Test func anEditedPatternOfAShippedVersionIsCaught() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Fixtures.writeBundle(in: directory, versions: [("Model", Fixtures.contents(Self.body))])
        #expect(!markShipped(bundle: bundle, all: true).diagnostics.hasErrors)
        let edited = Self.body.replacingOccurrences(of: "[A-Z]{3}", with: "[A-Z]{4}")
        try Fixtures.contents(edited).write(
            toFile: bundle + "/Model.xcdatamodel/contents", atomically: true, encoding: .utf8)
        let found = check(paths: [bundle]).diagnostics.with(.shippedVersionModified)
        #expect(found.count == 1 && found.first?.message.contains("regular expression") == true, "\(found)")
    }
}
