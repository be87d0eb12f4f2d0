import Foundation
import Testing
@testable import ModelCompiler

/// Another thread may fill a version's entities ahead of the archive writer; whichever thread fills an entity, and
/// in whatever order, the archive must be byte for byte what the writer alone makes.
@Suite struct FillAheadTests {
    /// Entities in a hierarchy, each with attributes, a to-one and a to-many with inverses, some inherited.
    static func model(entities count: Int) throws -> ManagedObjectModel {
        var body = ""
        for index in 0..<count {
            let parent = index % 5 == 0 || index == 0 ? "" : " parentEntity=\"E\(index - 1)\""
            let next = (index + 7) % count, inverseOwner = (index + count - 7) % count
            body += """
                <entity name="E\(index)" representedClassName="E\(index)"\(parent) syncable="YES">
                    <attribute name="a\(index)" optional="YES" attributeType="String"/>
                    <attribute name="n\(index)" attributeType="Integer 64" defaultValueString="\(index)" usesScalarValueType="YES"/>
                    <relationship name="next\(index)" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="E\(next)" inverseName="previous\(next)" inverseEntity="E\(next)"/>
                    <relationship name="previous\(index)" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="E\(inverseOwner)" inverseName="next\(inverseOwner)" inverseEntity="E\(inverseOwner)"/>
                </entity>

                """
        }
        return try Fixtures.model(body)
    }

    static func archive(_ model: ManagedObjectModel, fillingAheadFirst: Bool) -> (bytes: [UInt8], filledAhead: Int) {
        var builder = GraphBuilder(model)
        let root = builder.build()
        let filled = fillingAheadFirst ? builder.filler?.fillAhead() ?? 0 : 0
        let archive = KeyedArchiveWriter.archive(root: root)
        root.dismantle()
        return (archive.binaryPropertyList(), filled)
    }

    @Test func everyEntityFilledAheadGivesTheSameArchive() throws {
        let model = try Self.model(entities: 40)
        let alone = ModelArchiver.momData(for: model)
        let (ahead, filled) = Self.archive(model, fillingAheadFirst: true)
        #expect(filled == 40)
        #expect(ahead == alone)
        #expect(Self.archive(model, fillingAheadFirst: false).bytes == alone)
    }

    /// The helper races the writer: some entities are filled by each, some claimed by one while the other waits.
    /// (How many the helper reaches depends on timing; `everyEntityFilledAheadGivesTheSameArchive` fills them all.)
    @Test func aHelperRacingTheWriterGivesTheSameArchive() throws {
        let model = try Self.model(entities: 200)
        let alone = ModelArchiver.momData(for: model)
        for _ in 0..<12 {
            let helper = FillAhead(), done = DispatchGroup()
            DispatchQueue.global().async(group: done) {
                // Until the writer offers its filler or has finished without needing help.
                let deadline = Date().addingTimeInterval(10)
                while helper.help() == nil, !helper.isClosed, Date() < deadline { usleep(50) }
            }
            let bytes = ModelArchiver.momData(for: model, helper: helper)
            done.wait()
            #expect(bytes == alone)
        }
    }

    @Test func aHelperAfterTheArchiveIsWrittenDoesNothing() throws {
        let model = try Self.model(entities: 10)
        let helper = FillAhead()
        let bytes = ModelArchiver.momData(for: model, helper: helper)
        #expect(helper.help() == nil)
        #expect(helper.isClosed)
        #expect(bytes == ModelArchiver.momData(for: model))
    }
}
