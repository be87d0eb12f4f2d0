import Foundation
@testable import ModelCompiler

/// Builds small Xcode 3 `elements` archives in the XD object layout of ../shared/spec/xcode3-format.md §3, for the
/// cases no real file shows (bad codes, dangling references, cycles, unknown tags).
final class XDFixture {
    let root = ArchiveNode(["XDPMModel", "XDModel", "NSObject"])
    private let package = ArchiveNode(["XDModelPackage", "XDUMLPackageImp", "NSObject"])
    private var entities: [(ArchiveValue, ArchiveValue)] = []

    init() {
        root.replace("_xd_rootPackage", .object(.node(package)))
        root.replace("_modelVersionIdentifier", .object(.null))
    }

    /// A stereotype-and-tags bucket for `owner`: stereotype name -> tag name -> value.
    static func stereotypes(_ owner: ArchiveNode, _ stereotypes: [(String, [(String, ArchiveField)])]) -> ArchiveNode {
        let entries = stereotypes.map { name, tags -> (ArchiveValue, ArchiveValue) in
            let stereotype = ArchiveNode(["XDUMLStereotypeImp", "XDUMLClassImp", "NSObject"])
            stereotype.replace("_name", .object(.string(name)))
            stereotype.replace("_owner", .object(.node(owner)))
            let owned = tags.map { tag, value -> (ArchiveValue, ArchiveValue) in
                let property = ArchiveNode(["XDUMLPropertyImp", "NSObject"])
                property.replace("_name", .object(.string(tag)))
                property.replace("_default", value)
                property.replace("_owner", .object(.node(stereotype)))
                return (.string(tag), .node(property))
            }
            stereotype.replace("XDBucketForOwnedAttributesstorage", .object(.node(.dictionary(owned, mutable: true))))
            return (.string(name), .node(stereotype))
        }
        return .dictionary(entries, mutable: true)
    }

    @discardableResult
    func entity(_ name: String, tags: [(String, ArchiveField)] = [], parent: ArchiveNode? = nil) -> ArchiveNode {
        let entity = ArchiveNode(["XDPMEntity", "XDUMLClassImp", "NSObject"])
        entity.replace("_name", .object(.string(name)))
        entity.replace("_isAbstract", .bool(false))
        entity.replace("_owner", .object(.node(package)))
        entity.replace(
            "XDBucketForStereotypesstorage", .object(.node(Self.stereotypes(entity, [("XD_PStereotype", tags)]))))
        entity.replace("XDBucketForOwnedAttributesstorage", .object(.node(.dictionary([], mutable: true))))
        var generalizations: [ArchiveValue] = []
        if let parent {
            let generalization = ArchiveNode(["XDUMLGeneralizationImp", "NSObject"])
            generalization.replace("_general", .object(.node(parent)))
            generalization.replace("_specific", .object(.node(entity)))
            generalizations.append(.node(generalization))
        }
        entity.replace("XDBucketForGeneralizationsstorage", .object(.node(.array(generalizations, mutable: true))))
        entities.append((.string(name), .node(entity)))
        return entity
    }

    /// Adds a property of `className` (`XDPMAttribute`, `XDPMRelationship`) with its two stereotypes' tags.
    @discardableResult
    func property(
        _ name: String, of entity: ArchiveNode, className: String, stereotype: String,
        common: [(String, ArchiveField)] = [("XD_PPSK_isOptional", .bool(true))],
        tags: [(String, ArchiveField)]
    ) -> ArchiveNode {
        let property = ArchiveNode([className, "XDPMProperty", "NSObject"])
        property.replace("_name", .object(.string(name)))
        property.replace("_owner", .object(.node(entity)))
        property.replace(
            "XDBucketForStereotypesstorage",
            .object(
                .node(
                    Self.stereotypes(
                        property,
                        [("XD_PPropStereotype", common), (stereotype, tags)]))))
        guard
            case .object(.node(let bucket))? = entity.fields.first(where: {
                $0.key == "XDBucketForOwnedAttributesstorage"
            })?.value,
            case .objects(var keys)? = bucket.fields.first(where: { $0.key == "NS.keys" })?.value,
            case .objects(var values)? = bucket.fields.first(where: { $0.key == "NS.objects" })?.value
        else { fatalError("entity without a property bucket") }
        keys.append(.string(name))
        values.append(.node(property))
        bucket.replace("NS.keys", .objects(keys))
        bucket.replace("NS.objects", .objects(values))
        return property
    }

    func attribute(_ name: String, of entity: ArchiveNode, type: Int64 = 700, _ tags: [(String, ArchiveField)] = []) {
        property(
            name, of: entity, className: "XDPMAttribute", stereotype: "XD_PAtt_Stereotype",
            tags: [("XD_PAttK_attributeType", .int(type))] + tags)
    }

    func bytes() -> [UInt8] {
        package.replace("XDBucketForClassesstorage", .object(.node(.dictionary(entities, mutable: true))))
        return BinaryPropertyListWriter.data(for: KeyedArchiveWriter.propertyList(root: root))
    }

    /// The archive read as a version of a bundle in `directory`, through the whole pipeline.
    static func check(_ bytes: [UInt8], in directory: String) throws -> (CheckedBundle?, [Diagnostic]) {
        let version = directory + "/Model.xcdatamodel"
        try FileManager.default.createDirectory(atPath: version, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: version + "/elements"))
        return checkBundle(at: version)
    }
}
