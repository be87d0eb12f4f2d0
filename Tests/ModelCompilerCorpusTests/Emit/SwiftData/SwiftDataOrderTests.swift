import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// #52: the corrected flavour keeps an ordered one-to-many's order (spec 8, item 5): each destination object holds its
/// place, and the owner reads and sets the order through `<name>InOrder`; the xcode flavour writes Xcode's warning.
@Suite struct SwiftDataOrderTests {
    static let shelves = """
        <entity name="Shelf" representedClassName="Shelf">
            <attribute name="label" optional="YES" attributeType="String"/>
            <attribute name="itemsInOrder" optional="YES" attributeType="String"/>
            <relationship name="items" optional="YES" toMany="YES" ordered="YES" destinationEntity="Item" inverseName="shelf" inverseEntity="Item"/>
            <relationship name="tags" optional="YES" toMany="YES" ordered="YES" destinationEntity="Tag" inverseName="shelves" inverseEntity="Tag"/>
        </entity>
        <entity name="Item" representedClassName="Item">
            <attribute name="title" optional="YES" attributeType="String"/>
            <relationship name="shelf" optional="YES" maxCount="1" destinationEntity="Shelf" inverseName="items" inverseEntity="Shelf"/>
        </entity>
        <entity name="Book" representedClassName="Book" parentEntity="Item">
            <attribute name="isbn" optional="YES" attributeType="String"/>
        </entity>
        <entity name="Tag" representedClassName="Tag">
            <relationship name="shelves" optional="YES" toMany="YES" destinationEntity="Shelf" inverseName="tags" inverseEntity="Shelf"/>
        </entity>
        """

    static func files(_ flavor: SwiftDataOptions.Flavor) throws -> [String: String] {
        let model = try Fixtures.model(shelves)
        let files = SwiftDataGenerator.files(for: model, options: SwiftDataOptions(flavor: flavor))
        return Dictionary(files.map { ($0.name, $0.contents) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func aOneToManysOrderIsKeptOnItsDestinationAndAManyToManyOnlyWarns() throws {
        let files = try Self.files(.corrected)
        let shelf = try #require(files["Shelf.swift"]), item = try #require(files["Item.swift"])
        // 'itemsInOrder' is a property of the model: the accessor takes the next free name.
        #expect(shelf.contains("    public var itemsInOrder_: [Item] {\n"))
        #expect(shelf.contains("get { (items ?? []).sorted { $0.shelfItemsPosition < $1.shelfItemsPosition } }"))
        #expect(item.contains("    public var shelfItemsPosition: Int = 0\n"))
        // A subentity's class holds the inherited place too (the corrected flavour writes inherited properties).
        #expect(files["Book.swift"]?.contains("public var shelfItemsPosition: Int = 0") == true)
        #expect(files["Tag.swift"]?.contains("Position") == false)
        #expect(shelf.contains("so each Item keeps its place in 'shelfItemsPosition'; read and set the order through"))
        #expect(
            shelf.contains("'Shelf.tags' is ordered: SwiftData keeps no order for a to-many relationship, and this"))
        #expect(!shelf.contains("tagsInOrder"))
        let xcode = try Self.files(.xcode)
        #expect(xcode.values.allSatisfy { !$0.contains("Position") && !$0.contains("InOrder_") })
        #expect(xcode["Shelf.swift"]?.contains(#"The property \"ordered\" on Shelf:items is unsupported"#) == true)
    }

    /// Compiled and run against the stand-in (its `@Model` adds nothing at run time, so the classes are plain ones):
    /// whatever order the relationship hands back, the accessor gives the order it was set in.
    @Test func theOrderSetIsTheOrderRead() throws {
        let standIn = try SwiftDataStandIn.built.get()
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        var sources: [String] = []
        for (name, contents) in try Self.files(.corrected) {
            try contents.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
            sources.append(name)
        }
        try SwiftDataStandIn.module.write(toFile: directory + "/SwiftData.swift", atomically: true, encoding: .utf8)
        let main = """
            let shelf = Shelf()
            let items = ["c", "a", "b"].map { title -> Item in let item = Item(); item.title = title; return item }
            shelf.itemsInOrder_ = items
            shelf.items = shelf.items?.reversed()
            print(shelf.itemsInOrder_.compactMap(\\.title).joined(separator: ","))
            """
        try main.write(toFile: directory + "/main.swift", atomically: true, encoding: .utf8)
        let plugin = ["-load-plugin-library", standIn + "/libStandInMacros.so"]
        let library = try SwiftCompiler.run(
            ["-parse-as-library", "-emit-library", "-static", "-emit-module", "-module-name", "SwiftData"] + plugin
                + ["SwiftData.swift", "-o", "libSwiftData.a"], in: directory)
        try #require(library.status == 0, "\(library.output)")
        let program = try SwiftCompiler.run(
            ["-I", ".", "-L", ".", "-lSwiftData"] + plugin + sources.sorted() + ["main.swift", "-o", "program"],
            in: directory)
        try #require(program.status == 0, "\(program.output.suffix(3000))")
        let run = try SwiftCompiler.runExecutable(directory + "/program")
        #expect(run.status == 0 && run.output == "c,a,b\n", "\(run.output)")
    }
}
