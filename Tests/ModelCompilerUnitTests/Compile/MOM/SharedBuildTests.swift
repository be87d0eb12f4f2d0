import Foundation
import Testing
@testable import ModelCompiler

/// Half of a version's archive graph may be built by another job into a segment and joined back: whichever job
/// builds it, and whether or not it is shared at all, the archive must be byte for byte the one a single job makes.
@Suite struct SharedBuildTests {
    /// Entities in a hierarchy with inverses, defaults stored as data (decimals, UUIDs), strings new to either half,
    /// predicates on SELF (validation and fetched properties: one SELF node for the whole archive), a derived
    /// attribute, user info, uniqueness constraints and fetch indexes.
    static func model(entities count: Int) throws -> ManagedObjectModel {
        var body = ""
        for index in 0..<count {
            let parent = index % 5 == 0 ? "" : " parentEntity=\"E\(index - 1)\""
            let next = (index + 7) % count, inverseOwner = (index + count - 7) % count
            body += """
                <entity name="E\(index)" representedClassName="Class\(index)"\(parent) syncable="YES">
                    <attribute name="a\(index)" optional="YES" attributeType="String" minValueString="1" maxValueString="\(index + 2)"/>
                    <attribute name="n\(index)" attributeType="Integer 64" defaultValueString="\(index)" usesScalarValueType="YES"/>
                    <attribute name="d\(index)" optional="YES" attributeType="Decimal" defaultValueString="\(index).25"/>
                    <attribute name="u\(index)" optional="YES" attributeType="UUID" defaultValueString="0A0B0C0D-0000-0000-0000-00000000\(String(format: "%04d", index))"/>
                    <attribute name="count\(index)" optional="YES" attributeType="Integer 64" derived="YES" derivationExpression="previous\(index).@count" usesScalarValueType="YES"/>
                    <relationship name="next\(index)" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="E\(next)" inverseName="previous\(next)" inverseEntity="E\(next)"/>
                    <relationship name="previous\(index)" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="E\(inverseOwner)" inverseName="next\(inverseOwner)" inverseEntity="E\(inverseOwner)"/>
                    <fetchedProperty name="alike\(index)" optional="YES">
                        <fetchRequest name="fetchedPropertyFetchRequest" entity="E\(next)" predicateString="a\(next) == $FETCH_SOURCE.a\(index) AND SELF != nil"/>
                    </fetchedProperty>
                    <uniquenessConstraints><uniquenessConstraint><constraint value="n\(index)"/></uniquenessConstraint></uniquenessConstraints>
                    <fetchIndex name="byN\(index)"><fetchIndexElement property="n\(index)" type="Binary" order="ascending"/></fetchIndex>
                    <userInfo><entry key="owner\(index % 3)" value="v\(index)"/></userInfo>
                </entity>

                """
        }
        return try Fixtures.model(body)
    }

    /// The graph built with a helper on another thread. `leftToHelper`: the builder waits for the helper to take the
    /// shared half (else whichever comes first builds it).
    static func sharedArchive(
        _ model: ManagedObjectModel,
        leftToHelper: Bool = false
    ) -> (bytes: [UInt8], helped: Bool) {
        let helper = SharedWork<ArchiveGraph>(leftToHelper: leftToHelper), done = DispatchGroup()
        let helped = Flag()
        DispatchQueue.global().async(group: done) { if helper.help() { helped.set() } }
        let bytes = ModelArchiver.momData(for: model, helper: helper)
        done.wait()
        return (bytes, helped.value)
    }

    @Test func theHalfBuiltByAnotherJobGivesTheSameArchive() throws {
        let model = try Self.model(entities: 200)
        let alone = ModelArchiver.momData(for: model)
        let (bytes, helped) = Self.sharedArchive(model, leftToHelper: true)
        #expect(helped)
        let same = bytes == alone  // not the arrays themselves: a failure would print megabytes
        #expect(same, "shared: \(bytes.count) bytes, alone: \(alone.count)")
    }

    /// Builder and helper race for the shared half: whoever wins, the archive is the same.
    @Test func aRaceForTheSharedHalfGivesTheSameArchive() throws {
        let model = try Self.model(entities: 120)
        let alone = ModelArchiver.momData(for: model)
        for _ in 0..<6 {
            let same = Self.sharedArchive(model).bytes == alone
            #expect(same)
        }
    }

    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var isSet = false
        func set() { lock.withLock { isSet = true } }
        var value: Bool { lock.withLock { isSet } }
    }

    /// The builder does the shared half itself when no helper comes (the helper's job runs after it, on one core).
    @Test func aHalfNobodyTakesIsBuiltByTheBuilder() throws {
        let model = try Self.model(entities: 80)
        let helper = SharedWork<ArchiveGraph>()
        let bytes = ModelArchiver.momData(for: model, helper: helper)
        #expect(!helper.help())
        let same = bytes == ModelArchiver.momData(for: model)
        #expect(same)
    }

    /// A small model is never shared: the helper is told so and does not wait.
    @Test func aSmallModelIsBuiltByOneJob() throws {
        let model = try Self.model(entities: GraphBuilder.sharedEntities - 1)
        let (bytes, helped) = Self.sharedArchive(model)
        #expect(!helped)
        let same = bytes == ModelArchiver.momData(for: model)
        #expect(same)
    }

    /// Strings, chains and nodes made apart in both parts are numbered once when joined; fields a segment gives the
    /// split graph's nodes land on those nodes.
    @Test func aJoinedSegmentArchivesAsOneGraph() {
        func build(split: Bool) -> [UInt8] {
            var graph = ArchiveGraph()
            let root = graph.node(["Root", "NSObject"]), shared = graph.node(["Shared", "NSObject"])
            var segment = split ? graph.segment() : graph
            let fromSegment = segment.node(
                ["OnlyInSegment", "NSObject"],
                {
                    var fields = ArchiveGraph.Fields()
                    fields.set(.NSEntityName, .object(.string("segment text")))
                    fields.set(.NS_mantissa, .data([9, 9]))
                    fields.set(.NSProperties, .objects([.string("both"), .node(shared), .null, .int(3)]))
                    return fields
                }())
            segment.begin(shared)
            segment.field(.NSEntityName, .object(.string("both")))
            segment.field(.NSSuperentity, .object(.node(fromSegment)))
            segment.end()
            if split {
                graph.join(segment)
            } else {
                graph = segment
            }
            let fromGraph = graph.node(
                ["OnlyInGraph", "NSObject"],
                {
                    var fields = ArchiveGraph.Fields()
                    fields.set(.NSEntityName, .object(.string("graph text")))
                    fields.set(.NS_mantissa, .data([1]))
                    return fields
                }())
            graph.begin(root)
            graph.field(.NSEntities, .objects([.node(fromGraph), .node(shared), .string("both")]))
            graph.end()
            return graph.archive(root: root).binaryPropertyList()
        }
        let same = build(split: true) == build(split: false)
        #expect(same)
    }
}
