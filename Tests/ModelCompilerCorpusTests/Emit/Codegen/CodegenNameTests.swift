import Foundation
import Testing
@testable import ModelCompiler

/// Generated code compiles whatever the model's names: entities named like the generated key enums or the model
/// type, and Transformable classes in Xcode's module spellings (shapes seen on shipping apps).
@Suite struct CodegenNameTests {
    static let clashing = """
        <entity name="Attributes" representedClassName="Attributes" syncable="YES" codeGenerationType="class">
            <attribute name="color" optional="YES" attributeType="Transformable" valueTransformerName="NSSecureUnarchiveFromData" customClassName=".UIColor"/>
            <attribute name="notes" optional="YES" attributeType="Transformable" customClassName="UnCloudNotes."/>
            <attribute name="count" attributeType="Integer 32" defaultValueString="0" usesScalarValueType="YES"/>
            <relationship name="links" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Relationships" inverseName="owner" inverseEntity="Relationships"/>
        </entity>
        <entity name="Relationships" representedClassName="Relationships" syncable="YES" codeGenerationType="class">
            <attribute name="name" optional="YES" attributeType="String"/>
            <relationship name="owner" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Attributes" inverseName="links" inverseEntity="Attributes"/>
        </entity>
        <entity name="GardenModel" representedClassName="GardenModel" syncable="YES" codeGenerationType="class">
            <attribute name="title" optional="YES" attributeType="String"/>
            <relationship name="ordered" optional="YES" toMany="YES" ordered="YES" deletionRule="Nullify" destinationEntity="Relationships"/>
        </entity>
        """

    @Test(arguments: CodegenOptions.Style.allCases)
    func clashingNamesGenerateCodeThatTypeChecks(_ style: CodegenOptions.Style) throws {
        for split in [false, true] {
            let files = try CodegenShapeTests.files(Self.clashing, CodegenOptions(style: style, splitFiles: split))
            let result = try CoreDataStub.typecheck(files)
            #expect(result.ok, "\(style) split \(split):\n\(result.output.prefix(3000))")
        }
    }

    @Test func theModelTypeGivesWayToAnEntityClassOfItsName() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Fixtures.writeBundle(
            in: directory, name: "Garden", versions: [("Garden", Fixtures.contents(Self.clashing))])
        let result = generate(input: bundle, options: CodegenOptions())
        #expect(!result.diagnostics.hasErrors)
        #expect(
            result.diagnostics.with(.codegenNameClash).map(\.message) == [
                "entity 'GardenModel' generates class 'GardenModel', the model type's usual name, so the model type is "
                    + "'GardenModelModel'"
            ])
        let text = try #require(result.files.first?.contents)
        #expect(
            text.contains("public enum GardenModelModel {")
                && text.contains("public class GardenModel: NSManagedObject"))
        // The key aliases would shadow the classes `Attributes` and `Relationships` inside every class.
        #expect(!text.contains("typealias Attributes") && !text.contains("typealias Relationships"))
    }

    @Test func transformableClassesInModuleSpellings() {
        #expect(SwiftNames.customClassType(".UIColor") == "UIColor")
        #expect(SwiftNames.customClassType("UnCloudNotes.") == "NSObject")
        #expect(SwiftNames.customClassType(".") == "NSObject")
        #expect(SwiftNames.customClassType("[String: Any]") == "[String: Any]")
        #expect(SwiftNames.customClassType("Foundation.NSArray") == "Foundation.NSArray")
        #expect(SwiftNames.customClassType(nil) == "NSObject")
    }

    @Test func theStubCatchesWhatItIsFor() throws {
        // Without the fixes this file tests, the shadowed class is what the stand-in reports.
        let broken = """
            public class Attributes: NSManagedObject {}
            extension Attributes { public enum Attributes {} ; public var x: Attributes? { nil } }
            public func use(_ a: Attributes) -> Attributes? { a.x }
            """
        #expect(try CoreDataStub.typecheck(["a.swift": broken]).ok == false)
        #expect(
            try CoreDataStub.typecheck([
                "a.swift": "public class A: NSManagedObject { @NSManaged public var c: .UIColor? }"
            ]).ok == false)
    }
}
