/// `--style swiftdata-versioned` (#52): one `VersionedSchema` per version a store can have been written by (the
/// shipped record's versions, then the current one), that version's `@Model` classes nested in it, and a
/// `SchemaMigrationPlan` whose stages come from the migration analysis of each hop: `.lightweight` where inferred
/// migration keeps every value, `.custom` where it cannot, drops data nobody acknowledged, or a mapping model does the
/// work, with each finding as a comment and a build warning that says what the stage's code must do. SwiftData's
/// staged migration tells schemas apart by Core Data's version checksum and refuses two with one checksum, so the plan
/// lists each store schema once: versions with identical version hashes (a default or a validation changed) keep their
/// `VersionedSchema`, so that the app's code naming it compiles, but the plan lists only the last of them.
enum SwiftDataVersioned {
    struct Version {
        var name: String
        var model: ManagedObjectModel
        /// Core Data's `versionChecksum`: what a store records, and how staged migration tells versions apart.
        var checksum: String
        /// Its place in the model's history, from 1: its schema's name, so that recording which versions shipped
        /// renames no schema (`LibrarySchemaV3` stays the third version's when the second never shipped).
        var number: Int
        /// `Schema.Version`'s arguments (`versionIdentifiers`, decided over the whole history so that recording which
        /// versions shipped changes none).
        var identifier: String
    }

    /// The positions of the versions the plan lists: each checksum at its last version, so that the current version
    /// is always listed and a store any version of that schema wrote opens as it.
    static func listed(_ checksums: [String]) -> [Int] {
        var last: [String: Int] = [:]
        for (index, checksum) in checksums.enumerated() { last[checksum] = index }
        return checksums.indices.filter { last[checksums[$0]] == $0 }
    }

    /// The number a listed version goes by in the names of stages and of the app's stage code: the first version of
    /// its run of consecutive versions with one checksum. A new version starts as a copy of the current one, which
    /// the plan then lists in its place; `migrateV2toV3` and the app's `willMigrateV2toV3` keep their names meanwhile
    /// and after, whether the copy changes or not.
    static func stageNumbers(_ checksums: [String], numbers own: [Int]? = nil) -> [Int] {
        var numbers: [Int] = []
        for (index, checksum) in checksums.enumerated() {
            let number = own.map { $0[index] } ?? index + 1
            numbers.append(index > 0 && checksums[index - 1] == checksum ? numbers[index - 1] : number)
        }
        return numbers
    }

    /// `listed`: the positions in `versions` the plan lists (`listed(_:)`); `hops` go from each listed version to the
    /// next; `separated`, which of them staged migration must run alone.
    static func files(
        modelName: String, versions: [Version], listed: [Int], hops: [MigrationReport],
        separated: [MigrationReport?] = [], options: SwiftDataOptions
    ) -> [GeneratedFile] {
        let numbers = stageNumbers(versions.map(\.checksum), numbers: versions.map(\.number))
        let listing = SwiftDataMigrationPlan.Listing(
            schemas: listed.map { versions[$0].number }, stageNumbers: listed.map { numbers[$0] }, hops: hops,
            separated: separated, leavesOut: listed.count < versions.count)
        var standsFor: [String: Int] = [:]
        for index in listed { standsFor[versions[index].checksum] = index }
        let base = typeName(modelName)
        let sd = qualifier(versions.map(\.model))
        let shape = SwiftDataShape(
            flavor: options.flavor,
            generation: options.xcodeVersion.flatMap(XcodeGeneration.init(xcodeVersion:)) ?? .xcode16_4)
        var files: [GeneratedFile] = []
        var available = false
        for (index, version) in versions.enumerated() {
            let name = "\(base)SchemaV\(version.number)"
            let inverses = SwiftDataInverses.owners(version.model, everyPair: options.flavor == .corrected)
            let classes = version.model.entities.map { entity in
                SwiftDataEntityWriter(
                    entity: entity, model: version.model, shape: shape, inverses: inverses,
                    options: options, warningsAsComments: index < versions.count - 1
                ).classText
            }
            let availability = classes.first { $0.hasPrefix("@available(") }?.split(separator: "\n").first.map(
                String.init)
            available = available || availability != nil
            var text = SwiftDataGenerator.header(name + ".swift", options: options, publicImports: false) + "\n\n"
            text += "/// The models of '\(comment(version.name))': what a store that version wrote holds.\n"
            if let listedAs = standsFor[version.checksum], listedAs != index {
                text +=
                    "/// Its store schema is that of '\(comment(versions[listedAs].name))' (identical version hashes), "
                    + "which the plan lists for both.\n"
            }
            text += availability.map { $0 + "\n" } ?? ""
            text += "public enum \(name): \(sd("VersionedSchema")) {\n"
            text +=
                "    public static var versionIdentifier: \(sd("Schema")).Version { \(sd("Schema")).Version("
                + version.identifier + ") }\n"
            text +=
                "    public static var models: [any \(sd("PersistentModel")).Type] {\n        ["
                + version.model.entities.map { "\($0.name).self" }.joined(separator: ", ") + "]\n    }\n"
            for body in classes { text += "\n" + indented(body) }
            files.append(GeneratedFile(name: name + ".swift", contents: text + "}\n"))
        }
        files.append(
            GeneratedFile(
                name: base + "MigrationPlan.swift",
                contents: SwiftDataMigrationPlan.text(
                    base, listing, options: options, available: available, sd: sd)))
        return files
    }

    /// SwiftData's names as the generated code writes them: module-qualified when a model class of some version
    /// would shadow one (an entity named `Schema`).
    static func qualifier(_ models: [ManagedObjectModel]) -> (String) -> String {
        let classes = Set(models.flatMap { $0.entities.map(\.name) })
        return { name in classes.contains(name) ? "SwiftData." + name : name }
    }

    /// `Library` -> `Library`, `My Model-2` -> `MyModel2`: a type name made of the model's name.
    static func typeName(_ modelName: String) -> String { SwiftNames.typeIdentifier(modelName, ifEmpty: "Model") }

    /// Each version's `Schema.Version` arguments: its identifier (`1.2` -> `1, 2, 0`) when every version has a
    /// distinct one of numbers, else its position (`3, 0, 0`).
    static func versionIdentifiers(_ models: [ManagedObjectModel]) -> [String] {
        let parsed = models.map { model -> [Int]? in
            guard let text = model.metadata.versionIdentifier, !text.isEmpty else { return nil }
            let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count <= 3, parts.allSatisfy({ ($0 ?? -1) >= 0 && ($0 ?? 0) < 1_000_000 }) else { return nil }
            return parts.compactMap { $0 } + Array(repeating: 0, count: 3 - parts.count)
        }
        if parsed.allSatisfy({ $0 != nil }), Set(parsed.map { $0! }).count == parsed.count {
            return parsed.map { $0!.map(String.init).joined(separator: ", ") }
        }
        return models.indices.map { "\($0 + 1), 0, 0" }
    }

    static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.isEmpty || line.hasPrefix("#warning") ? String(line) : "    " + line
        }.joined(separator: "\n")
    }

    /// Text from a model made safe for a `//` comment: one line, no control characters.
    static func comment(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
    }
}
