#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Types a `MappingDocument`: the entity mappings in `mappingnumber` order, and the two embedded model snapshots
/// (keyed archives of Xcode's editor classes, the same as an Xcode 3 model's `elements`) typed as models through
/// the Xcode 3 reader and `ModelBuilder`, so that their hashes come from the one hashing (§2.3).
enum MappingModelBuilder {
    static func build(_ document: MappingDocument, name: String) -> (MappingModel?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let root = document.mappingModel
        let source = snapshot(
            "sourcemodeldata", of: root, side: "source", path: document.path,
            version: MappingModel.versionName(ofModelPath: root.text("sourcemodelpath")),
            diagnostics: &diagnostics)
        let destination = snapshot(
            "destinationmodeldata", of: root, side: "destination", path: document.path,
            version: MappingModel.versionName(ofModelPath: root.text("destinationmodelpath")),
            diagnostics: &diagnostics)
        var mappings: [EntityMapping] = []
        for entry in document.entityMappings {
            if let mapping = entityMapping(entry, diagnostics: &diagnostics) { mappings.append(mapping) }
        }
        // The file's order carries no meaning; `mappingnumber` is the order mapc writes (§3.1).
        mappings.sort { ($0.number, $0.location.line) < ($1.number, $1.location.line) }
        guard let source, let destination else { return (nil, diagnostics) }
        let model = MappingModel(
            name: name, file: document.path, sourceModelPath: root.text("sourcemodelpath"),
            destinationModelPath: root.text("destinationmodelpath"), source: source,
            destination: destination, entityMappings: mappings, location: root.location)
        return (model, diagnostics)
    }

    /// A base64 `binary` attribute's bytes.
    static func binary(_ value: MappingDocument.Value?) -> [UInt8]? {
        guard let value else { return nil }
        return Data(base64Encoded: value.text, options: .ignoreUnknownCharacters).map { [UInt8]($0) }
    }

    private static func snapshot(
        _ key: String, of root: MappingDocument.Object, side: String, path: String,
        version: String?, diagnostics: inout [Diagnostic]
    ) -> ManagedObjectModel? {
        guard let value = root.attributes[key] else {
            diagnostics.append(
                .error(
                    .mappingModelMalformed,
                    "the mapping model has no \(side) model snapshot "
                        + "('\(key)'): Xcode saves one in every mapping model", at: root.location))
            return nil
        }
        guard let bytes = binary(value), !bytes.isEmpty else {
            diagnostics.append(
                .error(
                    .mappingModelMalformed,
                    "the \(side) model snapshot ('\(key)') is not base64 "
                        + "data", at: value.location))
            return nil
        }
        let (contents, found) = Xcode3ModelReader.read(bytes: bytes, path: path)
        // The snapshot's own findings are the model's business, reported where the model is checked; what stops
        // it from being read is this file's.
        diagnostics += found.filter { $0.severity == .error }.map { finding in
            var finding = finding
            finding.message = "in the \(side) model snapshot: " + finding.message
            finding.location = value.location
            return finding
        }
        guard let contents else { return nil }
        let (model, typing) = ModelBuilder.build(
            contents.sourceElement(path: path),
            versionName: version ?? side, file: path)
        diagnostics += typing.filter { $0.severity == .error }.map { finding in
            var finding = finding
            finding.message = "in the \(side) model snapshot: " + finding.message
            return finding
        }
        return model
    }

    private static func entityMapping(
        _ entry: MappingDocument.EntityObject, diagnostics: inout [Diagnostic]
    )
        -> EntityMapping?
    {
        let object = entry.object
        guard let numberText = object.text("mappingnumber"), let number = Int(numberText.trimmingWhitespaceAndNewlines)
        else {
            diagnostics.append(
                .error(
                    .mappingModelMalformed, "an entity mapping has no whole-number 'mappingnumber'",
                    at: object.location(of: "mappingnumber")))
            return nil
        }
        let sourceName = nonEmpty(object.text("sourcename")), destinationName = nonEmpty(object.text("destinationname"))
        guard sourceName != nil || destinationName != nil else {
            diagnostics.append(
                .error(
                    .mappingModelMalformed,
                    "entity mapping \(number) names neither a source nor a "
                        + "destination entity", at: object.location))
            return nil
        }
        var userInfo: [UInt8]?
        if let value = object.attributes["userinfodata"] {
            guard let bytes = binary(value) else {
                diagnostics.append(
                    .error(
                        .mappingModelMalformed,
                        "the user info of entity mapping \(number) is not "
                            + "base64 data", at: value.location))
                return nil
            }
            userInfo = bytes
        }
        return EntityMapping(
            explicitName: nonEmpty(object.text("name")), number: number, sourceEntityName: sourceName,
            destinationEntityName: destinationName,
            migrationPolicyClassName: nonEmpty(object.text("migrationpolicyclassname")),
            userInfo: userInfo,
            attributeMappings: propertyMappings(entry.attributeMappings, diagnostics: &diagnostics),
            relationshipMappings: propertyMappings(entry.relationshipMappings, diagnostics: &diagnostics),
            location: object.location)
    }

    private static func propertyMappings(
        _ objects: [MappingDocument.Object], diagnostics: inout [Diagnostic]
    )
        -> [PropertyMapping]
    {
        objects.compactMap { object in
            guard let name = nonEmpty(object.text("name")) else {
                diagnostics.append(
                    .error(
                        .mappingModelMalformed, "a property mapping has no name",
                        at: object.location))
                return nil
            }
            var expression: [UInt8]?
            if let value = object.attributes["valueexpressiondata"] {
                guard let bytes = binary(value) else {
                    diagnostics.append(
                        .error(
                            .mappingModelMalformed,
                            "the value expression of '\(name)' is not "
                                + "base64 data", at: value.location))
                    return nil
                }
                expression = bytes
            }
            let generates =
                object.text("autogenerateexpression").map { $0.trimmingWhitespaceAndNewlines == "1" } ?? true
            return PropertyMapping(
                name: name, valueExpression: expression,
                sourceMappingName: nonEmpty(object.text("sourcemappingname")),
                sourceKeyPath: nonEmpty(object.text("sourcekeypath")),
                generatesExpression: generates, location: object.location)
        }
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
