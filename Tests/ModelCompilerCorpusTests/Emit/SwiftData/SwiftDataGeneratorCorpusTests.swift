import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// Generated SwiftData code compiled against the stand-in (the generator's unit tests: SwiftDataGeneratorTests).
@Suite struct SwiftDataGeneratorCorpusTests {
    /// Corrected, names that Swift or `@Model` already use stay usable: a model class named `Date` does not take the
    /// place of Foundation's, and a property `@Model` declares itself is renamed, its stored name kept.
    @Test func namesThatCollideAreResolved() throws {
        let body = """
            <entity name="Date" representedClassName="Date">
                <attribute name="day" optional="YES" attributeType="String"/>
            </entity>
            <entity name="Event" representedClassName="Event">
                <attribute name="at" attributeType="Date" defaultDateTimeInterval="0"/>
                <attribute name="isDeleted" optional="YES" attributeType="Boolean"/>
                <fetchIndex name="byDeleted"><fetchIndexElement property="isDeleted" type="Binary" order="ascending"/></fetchIndex>
            </entity>
            """
        let event = try SwiftDataGenerator.file(body, "Event", flavor: .corrected)
        #expect(
            event.contains(
                "    public var at: Foundation.Date = Foundation.Date(timeIntervalSinceReferenceDate: 0.000000)\n"))
        #expect(event.contains("    @Attribute(originalName: \"isDeleted\") public var isDeleted_: Bool?\n"))
        #expect(event.contains("#Index<Event>([\\.isDeleted_])"))
        let xcode = try SwiftDataGenerator.file(body, "Event", flavor: .xcode, xcode: "16.4")
        #expect(
            xcode.contains("    var at: Date = Date(timeIntervalSinceReferenceDate: 0.000000)\n"), "Xcode's as it is")
        let model = try Fixtures.model(body)
        let files = SwiftDataGenerator.files(for: model, options: SwiftDataOptions())
        let checked = try SwiftDataStandIn.typecheck(
            Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.contents) }))
        #expect(checked.ok, "\(SwiftDataTypeCheckTests.errors(checked.output))")
    }
}
