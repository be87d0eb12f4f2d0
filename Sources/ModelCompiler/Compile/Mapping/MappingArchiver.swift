/// Archives a `CompiledMapping` as the `.cdm` mapc writes: an NSKeyedArchiver archive of an `NSMappingModel`, its
/// objects' fields in the order Core Data encodes them (../shared/spec/mapping-model-format.md §3).
struct MappingArchiver {
    typealias Node = ArchiveGraph.Node
    typealias Value = ArchiveGraph.Value

    private var graph = ArchiveGraph()

    struct Failure: Error, CustomStringConvertible {
        var description: String
        var location: SourceLocation
    }

    static func cdmData(for mapping: CompiledMapping) throws(Failure) -> [UInt8] {
        var archiver = MappingArchiver()
        var mappings: [Value] = []
        for entity in mapping.entityMappings { mappings.append(.node(try archiver.entityMapping(entity))) }
        var graph = archiver.graph
        let list = graph.array(mappings, mutable: false)
        let byName = graph.dictionary(
            zip(mapping.entityMappings, mappings).map { (.string($0.name), $1) },
            mutable: true)
        var fields = ArchiveGraph.Fields(capacity: 2)
        fields.set(graph.key("NSEntityMappings"), .object(.node(list)))
        fields.set(graph.key("NSEntityMappingsByName"), .object(.node(byName)))
        let root = graph.node(["NSMappingModel", "NSObject"], fields)
        return graph.archive(root: root).binaryPropertyList()
    }

    private mutating func entityMapping(_ entity: CompiledMapping.Entity) throws(Failure) -> Node {
        let source: Value = entity.fetchesSource ? .node(fetchSource(entity.sourceEntityName!)) : .null
        let userInfo: Value =
            try entity.userInfo.map { bytes throws(Failure) in
                try copied(bytes, what: "the user info of '\(entity.name)'", at: entity.location)
            } ?? .null
        let attributes = try propertyMappings(entity.attributeMappings, of: entity)
        let relationships = try propertyMappings(entity.relationshipMappings, of: entity)
        var fields = ArchiveGraph.Fields(capacity: 11)
        fields.set(graph.key("NSMappingName"), .object(.string(entity.name)))
        fields.set(graph.key("NSMappingType"), .int(entity.type.rawValue))
        fields.set(graph.key("NSSourceEntityName"), .object(entity.sourceEntityName.map(Value.string) ?? .null))
        fields.set(graph.key("NSSourceEntityVersionHash"), .object(entity.sourceHash.map(Value.data) ?? .null))
        fields.set(
            graph.key("NSDestinationEntityName"), .object(entity.destinationEntityName.map(Value.string) ?? .null))
        fields.set(
            graph.key("NSDestinationEntityVersionHash"), .object(entity.destinationHash.map(Value.data) ?? .null))
        fields.set(graph.key("NSSourceExpression"), .object(source))
        fields.set(.NSUserInfo, .object(userInfo))
        fields.set(
            graph.key("NSEntityMigrationPolicyClassName"),
            .object(entity.migrationPolicyClassName.map(Value.string) ?? .null))
        fields.set(graph.key("NSAttributeMappings"), .object(.node(graph.array(attributes, mutable: false))))
        fields.set(graph.key("NSRelationshipMappings"), .object(.node(graph.array(relationships, mutable: false))))
        return graph.node(["NSEntityMapping", "NSObject"], fields)
    }

    private mutating func propertyMappings(
        _ properties: [CompiledMapping.Property],
        of entity: CompiledMapping.Entity
    ) throws(Failure) -> [Value] {
        var nodes: [Value] = []
        for property in properties {
            let value: Value =
                try property.expression.map { expression throws(Failure) in
                    try self.expression(
                        expression, what: "the value expression of '\(entity.name).\(property.name)'",
                        at: entity.location)
                } ?? .null
            var fields = ArchiveGraph.Fields(capacity: 4)
            fields.set(graph.key("NSDestinationPropertyName"), .object(.string(property.name)))
            fields.set(graph.key("NSValueExpression"), .object(value))
            fields.set(.NSUserInfo, .object(.null))
            fields.set(graph.key("NSPropertyTransforms"), .object(.null))
            nodes.append(.node(graph.node(["NSPropertyMapping", "NSObject"], fields)))
        }
        return nodes
    }

    private mutating func expression(
        _ expression: CompiledMapping.Expression, what: String,
        at location: SourceLocation
    ) throws(Failure) -> Value {
        switch expression {
        case .keyPath(let variable, let path):
            return .node(keyPath(path, on: self.variable(variable)))
        case .instancesOfMapping(let name, let instances):
            let argument = try self.expression(instances, what: what, at: location)
            return .node(
                managerFunction(
                    "destinationInstancesForEntityMappingNamed:sourceInstances:",
                    [.node(constant(.string(name))), argument], mutable: true))
        case .instancesOfSourceRelationship(let name, let instances):
            let argument = try self.expression(instances, what: what, at: location)
            return .node(
                managerFunction(
                    "destinationInstancesForSourceRelationshipNamed:sourceInstances:",
                    [.node(constant(.string(name))), argument], mutable: true))
        case .archived(let bytes):
            return try copied(bytes, what: what, at: location)
        }
    }

    /// An archive Xcode saved (an expression, a user info dictionary), copied into the `.cdm` from its root.
    private mutating func copied(_ bytes: [UInt8], what: String, at location: SourceLocation) throws(Failure) -> Value {
        do {
            let archive = try KeyedArchive(bytes: bytes)
            return try graph.copy(archive.rootUID, of: archive, mutableArraysUnder: ["NSArguments"])
        } catch let failure as KeyedArchive.Failure {
            throw Failure(description: "\(what) is not a readable archive: \(failure.description)", location: location)
        } catch let failure as ArchiveGraph.CopyFailure {
            throw Failure(description: "\(what) is damaged: \(failure.description)", location: location)
        } catch {
            throw Failure(description: "\(what) cannot be read", location: location)
        }
    }

    /// `FETCH(FUNCTION($manager, "fetchRequestForSourceEntityNamed:predicateString:", "<entity>", "TRUEPREDICATE"),
    /// $manager.sourceContext, NO)`.
    private mutating func fetchSource(_ entityName: String) -> Node {
        let request = managerFunction(
            "fetchRequestForSourceEntityNamed:predicateString:",
            [.node(constant(.string(entityName))), .node(constant(.string("TRUEPREDICATE")))],
            mutable: false)
        let context = keyPath("sourceContext", on: variable("manager"))
        var fields = ArchiveGraph.Fields(capacity: 4)
        fields.set(.NSExpressionType, .int(50))
        fields.set(graph.key("NSFRExpression"), .object(.node(request)))
        fields.set(graph.key("NSMOCExpression"), .object(.node(context)))
        fields.set(graph.key("NSCountOnlyFlag"), .bool(false))
        return graph.node(ClassChain.expression("NSFetchRequestExpression"), fields)
    }

    private mutating func managerFunction(_ selector: String, _ arguments: [Value], mutable: Bool) -> Node {
        var fields = ArchiveGraph.Fields(capacity: 4)
        fields.set(.NSExpressionType, .int(4))
        fields.set(.NSSelectorName, .object(.string(selector)))
        fields.set(.NSOperand, .object(.node(variable("manager"))))
        fields.set(.NSArguments, .object(.node(graph.array(arguments, mutable: mutable))))
        return graph.node(ClassChain.expression("NSFunctionExpression"), fields)
    }

    /// `operand.path` as mapc writes it: type 4, `valueForKeyPath:` even for one key.
    private mutating func keyPath(_ path: String, on operand: Node) -> Node {
        var specifier = ArchiveGraph.Fields(capacity: 2)
        specifier.set(.NSExpressionType, .int(10))
        specifier.set(.NSKeyPath, .object(.string(path)))
        let specifierNode = graph.node(ClassChain.expression("NSKeyPathSpecifierExpression"), specifier)
        var fields = ArchiveGraph.Fields(capacity: 4)
        fields.set(.NSExpressionType, .int(4))
        fields.set(.NSOperand, .object(.node(operand)))
        fields.set(.NSSelectorName, .object(.string("valueForKeyPath:")))
        fields.set(.NSArguments, .object(.node(graph.array([.node(specifierNode)], mutable: true))))
        return graph.node(ClassChain.expression("NSKeyPathExpression"), fields)
    }

    private mutating func variable(_ name: String) -> Node {
        var fields = ArchiveGraph.Fields(capacity: 2)
        fields.set(.NSExpressionType, .int(2))
        fields.set(.NSVariable, .object(.string(name)))
        return graph.node(ClassChain.expression("NSVariableExpression"), fields)
    }

    private mutating func constant(_ value: Value) -> Node {
        var fields = ArchiveGraph.Fields(capacity: 2)
        fields.set(.NSExpressionType, .int(0))
        fields.set(.NSConstantValue, .object(value))
        return graph.node(ClassChain.expression("NSConstantValueExpression"), fields)
    }
}
