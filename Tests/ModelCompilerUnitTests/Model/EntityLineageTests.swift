import Testing
@testable import ModelCompiler

/// `lineageNames` walks the hierarchy by name alone; it must name exactly the entities `lineage` returns, also where
/// a parent is missing or the hierarchy loops (validation errors every walk must survive).
@Suite struct EntityLineageTests {
    @Test func namesTheEntitiesLineageReturns() throws {
        let model = try Fixtures.model(
            """
            <entity name="Root" syncable="YES"/>
            <entity name="Middle" parentEntity="Root" syncable="YES"/>
            <entity name="Leaf" parentEntity="Middle" syncable="YES"/>
            <entity name="Orphan" parentEntity="Missing" syncable="YES"/>
            <entity name="LoopA" parentEntity="LoopB" syncable="YES"/>
            <entity name="LoopB" parentEntity="LoopA" syncable="YES"/>
            <entity name="Self" parentEntity="Self" syncable="YES"/>
            """)
        let entities = model.entitiesByName
        for entity in model.entities {
            #expect(entity.lineageNames(in: entities) == entity.lineage(in: entities).map(\.name), "\(entity.name)")
        }
        #expect(entities["Leaf"]?.lineageNames(in: entities) == ["Leaf", "Middle", "Root"])
        #expect(entities["LoopA"]?.lineageNames(in: entities) == ["LoopA", "LoopB"])
        #expect(entities["Orphan"]?.lineageNames(in: entities) == ["Orphan"])
    }
}
