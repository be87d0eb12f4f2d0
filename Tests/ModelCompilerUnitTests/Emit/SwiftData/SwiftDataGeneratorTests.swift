import TestSupport
import Testing
@testable import ModelCompiler

/// #52: the SwiftData generator's rules, on small models: Xcode's generations, its quirks in the xcode flavour and
/// their corrections, and names and values from a stranger's model that must not become code.
@Suite struct SwiftDataGeneratorTests {
    @Test func theToolsVersionNamesTheGeneration() {
        let cases: [(String, XcodeGeneration?)] = [
            ("21754", nil), ("22222", .xcode15_0), ("22225", .xcode15_0), ("22522", .xcode15_1), ("22758", .xcode15_1),
            ("23211.1", .xcode16_0Beta), ("23222.3", .xcode16_0Beta), ("23231", .xcode16_4), ("23788.4", .xcode16_4),
            ("24299", .xcode26), ("x", nil),
        ]
        for (tools, generation) in cases { #expect(XcodeGeneration(toolsVersion: tools) == generation, "\(tools)") }
        #expect(XcodeGeneration(xcodeVersion: "15.0.1") == .xcode15_0)
        #expect(XcodeGeneration(xcodeVersion: "15.2") == .xcode15_1)
        #expect(XcodeGeneration(xcodeVersion: "16.0-beta") == .xcode16_0Beta)
        #expect(XcodeGeneration(xcodeVersion: "26.1") == .xcode26)
        #expect(XcodeGeneration(xcodeVersion: "14.3") == nil)
    }

    static let plant = """
        <entity name="Plant" representedClassName="Plant" codeGenerationType="class">
            <attribute name="seedCount" attributeType="Integer 32" defaultValueString="0.0" usesScalarValueType="YES"/>
            <attribute name="price" optional="YES" attributeType="Decimal"/>
            <attribute name="default" optional="YES" attributeType="String" defaultValueString="a &quot;b&quot;"/>
            <attribute name="sum" optional="YES" attributeType="Integer 64" derived="YES" derivationExpression="beds.@count"/>
            <relationship name="beds" optional="YES" toMany="YES" ordered="YES" deletionRule="Cascade" destinationEntity="Bed" inverseName="plant" inverseEntity="Bed"/>
        </entity>
        <entity name="Bed" representedClassName="Bed" codeGenerationType="class">
            <attribute name="name" attributeType="String"/>
            <relationship name="plant" maxCount="1" deletionRule="Nullify" destinationEntity="Plant" inverseName="beds" inverseEntity="Plant"/>
        </entity>
        """

    @Test func theXcodeFlavourKeepsXcodesQuirks() throws {
        let plant = try SwiftDataGenerator.file(Self.plant, "Plant", flavor: .xcode, xcode: "15.2")
        #expect(plant.contains("    var seedCount: Int32 = 0.0\n"), "the default copied verbatim")
        #expect(plant.contains("    var price: Decimal?") == false && plant.contains("    var price: Double?\n"))
        #expect(plant.contains("    var `default`: String? = \"a \\\"b\\\"\"\n"))
        #expect(plant.contains("@Relationship(deleteRule: .cascade, inverse: \\Bed.plant) var beds: [Bed]?\n"))
        #expect(
            plant.contains(
                "#warning(\"The property \\\"derived\\\" on Plant:sum is unsupported in SwiftData.\")\n"
                    + "#warning(\"The property \\\"ordered\\\" on Plant:beds is unsupported in SwiftData.\")\n\n}\n"))
        let bed = try SwiftDataGenerator.file(Self.plant, "Bed", flavor: .xcode, xcode: "15.2")
        #expect(bed.contains("    @Relationship(minimumModelCount: 1) var plant: Plant\n"))
        #expect(
            bed.contains(
                "    public init(name: String, plant: Plant) {\n        self.name = name\n"
                    + "        self.plant = plant\n\n    }\n    \n}\n"))
        let old = try SwiftDataGenerator.file(Self.plant, "Bed", flavor: .xcode, xcode: "15.0")
        #expect(old.hasSuffix("    \n\n    public init() { }\n    \n}\n"))
    }

    @Test func theCorrectedFlavourCompilesAndKeepsValues() throws {
        let plant = try SwiftDataGenerator.file(Self.plant, "Plant", flavor: .corrected)
        #expect(plant.contains("    public var seedCount: Int32 = 0\n"))
        #expect(plant.contains("    public var price: Decimal?\n"))
        #expect(plant.contains("' is derived: SwiftData stores it as set"))
        #expect(plant.contains("' is ordered: SwiftData keeps no order"))
        // Every inverse pair is declared once, on the first side met: here the to-one end Xcode leaves bare.
        let bed = try SwiftDataGenerator.file(Self.plant, "Bed", flavor: .corrected)
        #expect(plant.contains("@Relationship(deleteRule: .cascade, inverse: \\Bed.plant) public var beds: [Bed]?\n"))
        #expect(bed.contains("    @Relationship(minimumModelCount: 1) public var plant: Plant\n"))
        let both = [plant, bed].filter { $0.contains("inverse: \\") }
        #expect(both.count == 1, "one side of the pair")
    }

    /// A class name or a default from a model reaches the code only as a type spelling or a literal.
    @Test func namesAndValuesFromStrangersStayData() throws {
        let body = """
            <entity name="Note" representedClassName="Note">
                <attribute name="blob" optional="YES" attributeType="Transformable" customClassName="Foo; import Bar"/>
                <attribute name="count" optional="YES" attributeType="Integer 16" defaultValueString="0; fatalError()"/>
                <attribute name="title" optional="YES" attributeType="String" defaultValueString="&quot;); fatalError(&quot;"/>
            </entity>
            """
        for flavor in SwiftDataOptions.Flavor.allCases {
            let note = try SwiftDataGenerator.file(body, "Note", flavor: flavor)
            #expect(!note.contains("import Bar") && !note.contains("0; fatalError()"), "\(flavor): \(note)")
            #expect(note.contains("var title: String? = \"\\\"); fatalError(\\\"\"\n"))
        }
    }
}
