import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// The exact shapes Xcode writes (../shared/spec/xcode-codegen.md §11, the Garden example), names,
/// every attribute type and relationship kind, and the strict style.
@Suite struct CodegenShapeTests {
    static let garden = """
        <entity name="Bed" representedClassName=".Bed" syncable="YES" codeGenerationType="class">
            <attribute name="createdAt" attributeType="Date" usesScalarValueType="NO"/>
            <attribute name="note" optional="YES" attributeType="String"/>
            <attribute name="rowCount" optional="YES" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="NO"/>
            <relationship name="plants" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Plant" inverseName="beds" inverseEntity="Plant"/>
            <relationship name="plot" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Plot" inverseName="beds" inverseEntity="Plot"/>
        </entity>
        <entity name="Gardener" representedClassName="Gardener" syncable="YES" codeGenerationType="category">
            <attribute name="name" attributeType="String"/>
            <relationship name="plots" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Plot" inverseName="owner" inverseEntity="Plot"/>
        </entity>
        <entity name="Herb" representedClassName="Herb" parentEntity="Plant" syncable="YES" codeGenerationType="class">
            <attribute name="aroma" optional="YES" attributeType="String"/>
            <attribute name="repeat" attributeType="Boolean" usesScalarValueType="YES"/>
        </entity>
        <entity name="Journal" syncable="YES">
            <attribute name="text" optional="YES" attributeType="String"/>
        </entity>
        <entity name="Plant" representedClassName="Plant" isAbstract="YES" syncable="YES" codeGenerationType="class">
            <attribute name="extra" optional="YES" attributeType="Transformable"/>
            <attribute name="id" optional="YES" attributeType="UUID" usesScalarValueType="NO"/>
            <attribute name="isPerennial" attributeType="Boolean" usesScalarValueType="YES"/>
            <attribute name="photo" optional="YES" attributeType="Binary"/>
            <attribute name="price" optional="YES" attributeType="Decimal"/>
            <attribute name="sownAt" optional="YES" attributeType="Date" usesScalarValueType="YES"/>
            <attribute name="wiki" optional="YES" attributeType="URI"/>
            <relationship name="beds" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Bed" inverseName="plants" inverseEntity="Bed"/>
            <fetchedProperty name="neighbours" optional="YES">
                <fetchRequest name="fetchedPropertyFetchRequest" entity="Plant" predicateString="TRUEPREDICATE"/>
            </fetchedProperty>
        </entity>
        <entity name="Plot" representedClassName="PlotMO" syncable="YES" codeGenerationType="class">
            <attribute name="label" optional="YES" attributeType="String"/>
            <attribute name="sizeM2" attributeType="Double" defaultValueString="0.0" usesScalarValueType="YES"/>
            <attribute name="soil" optional="YES" attributeType="Transformable" customClassName="[String]"/>
            <relationship name="beds" optional="YES" toMany="YES" deletionRule="Nullify" ordered="YES" destinationEntity="Bed" inverseName="plot" inverseEntity="Bed"/>
            <relationship name="owner" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Gardener" inverseName="plots" inverseEntity="Gardener"/>
        </entity>
        """

    static func files(_ body: String, _ options: CodegenOptions) throws -> [String: String] {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Fixtures.writeBundle(
            in: directory, name: "Garden", versions: [("Garden", Fixtures.contents(body))])
        let result = generate(input: bundle, options: options)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        return Dictionary(uniqueKeysWithValues: result.files.map { ($0.name, $0.contents) })
    }

    /// The Xcode body of a split file: from its imports to where openmomc's additions start.
    static func xcodeBody(_ file: String?) throws -> String {
        let text = try #require(file)
        let start = try #require(text.range(of: "#if canImport(CoreData)\n")).upperBound
        var body = String(text[start...])
        if let keys = body.range(
            of: "\n\nextension [A-Za-z]+ \\{\n    public typealias Attributes", options: .regularExpression)
        {
            body = String(body[..<keys.lowerBound]) + "\n"
        } else if body.hasSuffix("#endif\n") {
            body = String(body.dropLast("#endif\n".count))
        }
        return body
    }

    @Test func theGardenExampleMatchesXcodeLineForLine() throws {
        let files = try Self.files(Self.garden, CodegenOptions(splitFiles: true))
        #expect(
            Set(files.keys) == [
                "Garden+CoreDataModel.swift", "Bed+CoreDataClass.swift", "Bed+CoreDataProperties.swift",
                "Gardener+CoreDataProperties.swift", "Herb+CoreDataClass.swift", "Herb+CoreDataProperties.swift",
                "Plant+CoreDataClass.swift", "Plant+CoreDataProperties.swift", "PlotMO+CoreDataClass.swift",
                "PlotMO+CoreDataProperties.swift",
            ])
        #expect(
            try Self.xcodeBody(files["PlotMO+CoreDataClass.swift"]) == """
                import Foundation
                import CoreData

                @objc(PlotMO)
                public class PlotMO: NSManagedObject {

                }

                """)
        #expect(
            try Self.xcodeBody(files["Bed+CoreDataClass.swift"]) == """
                import Foundation
                import CoreData


                public class Bed: NSManagedObject {

                }

                """)
        #expect(
            try Self.xcodeBody(files["Herb+CoreDataClass.swift"]).contains("@objc(Herb)\npublic class Herb: Plant {"))
        #expect(
            try Self.xcodeBody(files["PlotMO+CoreDataProperties.swift"]) == """
                import Foundation
                import CoreData


                extension PlotMO {

                    @nonobjc public class func fetchRequest() -> NSFetchRequest<PlotMO> {
                        return NSFetchRequest<PlotMO>(entityName: "Plot")
                    }

                    @NSManaged public var label: String?
                    @NSManaged public var sizeM2: Double
                    @NSManaged public var soil: [String]?
                    @NSManaged public var beds: NSOrderedSet?
                    @NSManaged public var owner: Gardener?

                }

                // MARK: Generated accessors for beds
                extension PlotMO {

                    @objc(insertObject:inBedsAtIndex:)
                    @NSManaged public func insertIntoBeds(_ value: Bed, at idx: Int)

                    @objc(removeObjectFromBedsAtIndex:)
                    @NSManaged public func removeFromBeds(at idx: Int)

                    @objc(insertBeds:atIndexes:)
                    @NSManaged public func insertIntoBeds(_ values: [Bed], at indexes: NSIndexSet)

                    @objc(removeBedsAtIndexes:)
                    @NSManaged public func removeFromBeds(at indexes: NSIndexSet)

                    @objc(replaceObjectInBedsAtIndex:withObject:)
                    @NSManaged public func replaceBeds(at idx: Int, with value: Bed)

                    @objc(replaceBedsAtIndexes:withBeds:)
                    @NSManaged public func replaceBeds(at indexes: NSIndexSet, with values: [Bed])

                    @objc(addBedsObject:)
                    @NSManaged public func addToBeds(_ value: Bed)

                    @objc(removeBedsObject:)
                    @NSManaged public func removeFromBeds(_ value: Bed)

                    @objc(addBeds:)
                    @NSManaged public func addToBeds(_ values: NSOrderedSet)

                    @objc(removeBeds:)
                    @NSManaged public func removeFromBeds(_ values: NSOrderedSet)

                }

                extension PlotMO : Identifiable {

                }

                """)
        let plant = try Self.xcodeBody(files["Plant+CoreDataProperties.swift"])
        for line in [
            "@NSManaged public var extra: NSObject?", "@NSManaged public var id: UUID?",
            "@NSManaged public var isPerennial: Bool",
            "@NSManaged public var photo: Data?", "@NSManaged public var price: NSDecimalNumber?",
            "@NSManaged public var sownAt: TimeInterval", "@NSManaged public var wiki: URL?",
            "@NSManaged public var beds: NSSet?",
            "extension Plant : Identifiable {",
        ] {
            #expect(plant.contains(line), "\(line)")
        }
        #expect(!plant.contains("neighbours"), "fetched properties are not generated")
        let herb = try Self.xcodeBody(files["Herb+CoreDataProperties.swift"])
        #expect(herb.contains("    @NSManaged public var `repeat`: Bool\n") && !herb.contains("Identifiable"))
        let bed = try Self.xcodeBody(files["Bed+CoreDataProperties.swift"])
        #expect(
            bed.contains(
                "@NSManaged public var createdAt: Date?\n    @NSManaged public var note: String?\n    @NSManaged public var rowCount: NSNumber?\n    @NSManaged public var plants: NSSet?\n    @NSManaged public var plot: PlotMO?"
            ))
        #expect(
            try Self.xcodeBody(files["Gardener+CoreDataProperties.swift"]).contains(
                "@NSManaged public func addToPlots(_ value: PlotMO)"))
    }

    @Test func strictHonoursTheModel() throws {
        let text = try #require(Self.files(Self.garden, CodegenOptions(style: .strict))["Garden+CoreDataModel.swift"])
        for line in [
            "@NSManaged public var createdAt: Date\n", "@NSManaged public var note: String?\n",
            "public var rowCount: Int16? {", "(value(forKey: \"rowCount\") as? NSNumber)?.int16Value",
            "@NSManaged public var plants: Set<Plant>\n", "@NSManaged public var plot: PlotMO?\n",
            "@NSManaged public var name: String\n", "@NSManaged public var sizeM2: Double\n",
            "@NSManaged public var beds: NSOrderedSet\n",
            "@nonobjc public class func typedFetchRequest() -> NSFetchRequest<PlotMO>",
        ] {
            #expect(text.contains(line), "\(line)")
        }
        #expect(!text.contains("func fetchRequest()"))
    }

    @Test func namesAndAccessLevels() throws {
        let body = """
            <entity name="Thing" representedClassName="App.Thing" codeGenerationType="class">
                <attribute name="extension" optional="YES" attributeType="String"/>
                <attribute name="rawValue" optional="YES" attributeType="String"/>
                <attribute name="protocol" optional="YES" attributeType="Integer 32" usesScalarValueType="YES"/>
                <attribute name="shape" optional="YES" attributeType="Composite" composite="Shape"/>
                <attribute name="blob" optional="YES" attributeType="Transformable" valueTransformerName="NSSecureUnarchiveFromDataTransformerName"/>
            </entity>
            <entity name="Type" representedClassName=".Kind" codeGenerationType="category">
                <relationship name="things" toMany="YES" minCount="1" deletionRule="Cascade" destinationEntity="Thing"/>
            </entity>
            <composite name="Shape">
                <attribute name="width" optional="YES" attributeType="Double" usesScalarValueType="YES"/>
            </composite>
            """
        let files = try Self.files(body, CodegenOptions(access: .internal, moduleName: "App"))
        let text = try #require(files["Garden+CoreDataModel.swift"])
        #expect(text.contains("\nclass Thing: NSManagedObject {"), "App.Thing is the current module: no @objc line")
        #expect(!text.contains("@objc(Thing)") && !text.contains("public "))
        #expect(
            text.contains("@NSManaged var `extension`: String?") && text.contains("@NSManaged var `protocol`: Int32"))
        #expect(text.contains("@NSManaged var shape: [String: Any]?"))
        #expect(text.contains("case rawValue_ = \"rawValue\"") && text.contains("case `extension`"))
        #expect(text.contains("enum Type_ {") && text.contains("typealias Attributes = GardenModel.Type_.Attributes"))
        #expect(text.contains("extension Kind {") && text.contains("@NSManaged var things: NSSet?"))
        // Without --module, App.Thing keeps its @objc name as Xcode does.
        #expect(
            try Self.files(body, CodegenOptions())["Garden+CoreDataModel.swift"]?.contains(
                "@objc(Thing)\npublic class Thing") == true)
    }

    @Test func everyAttributeTypeAndRelationshipKindParsesAndThePortablePartRuns() throws {
        let types = AttributeType.allCases.filter { $0 != .composite && $0 != .undefined && $0 != .objectID }
        let attributes = types.enumerated().map { index, type in
            #"<attribute name="a\#(index)" optional="\#(index % 2 == 0 ? "YES" : "NO")" attributeType="\#(type.rawValue)" usesScalarValueType="\#(index % 3 == 0 ? "YES" : "NO")"/>"#
        }.joined(separator: "\n")
        let body = """
            <entity name="All" representedClassName="All" codeGenerationType="class">
            \(attributes)
                <relationship name="one" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Other" inverseName="back" inverseEntity="Other"/>
                <relationship name="requiredOne" maxCount="1" deletionRule="Nullify" destinationEntity="Other"/>
                <relationship name="many" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Other"/>
                <relationship name="ordered" optional="YES" toMany="YES" ordered="YES" deletionRule="Nullify" destinationEntity="Other"/>
            </entity>
            <entity name="Other" representedClassName="Other" codeGenerationType="class">
                <relationship name="back" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="All" inverseName="one" inverseEntity="All"/>
            </entity>
            """
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        var names: [String] = []
        for style in CodegenOptions.Style.allCases {
            let text = try #require(Self.files(body, CodegenOptions(style: style))["Garden+CoreDataModel.swift"])
            try text.write(toFile: directory + "/\(style).swift", atomically: true, encoding: .utf8)
            names.append("\(style).swift")
        }
        #expect(try SwiftCompiler.run(["-parse"] + names, in: directory).status == 0)
        try """
        print(GardenModel.currentVersionName, GardenModel.All.entityName, GardenModel.All.Attributes.allCases.map(\\.rawValue).joined(separator: ","),
              GardenModel.All.Relationships.allCases.map(\\.rawValue).joined(separator: ","), GardenModel.Other.Attributes.allCases.count)
        """.write(toFile: directory + "/main.swift", atomically: true, encoding: .utf8)
        let build = try SwiftCompiler.run(["xcode.swift", "main.swift", "-o", "program"], in: directory)
        #expect(build.status == 0, "\(build.output)")
        let run = try SwiftCompiler.runExecutable(directory + "/program")
        #expect(
            run.output
                == "Garden All \((0..<types.count).map { "a\($0)" }.joined(separator: ",")) one,requiredOne,many,ordered 0\n"
        )
    }
}
