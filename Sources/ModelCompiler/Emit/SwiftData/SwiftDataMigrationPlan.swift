/// `<Model>MigrationPlan.swift` (#52): every schema in upgrade order and one stage per upgrade, from the migration
/// analysis. A custom stage's code is the app's: this file is written again whenever a version is added (by the build
/// plugin, on every build), so the stage calls `willMigrateV<n>toV<m>` and `didMigrateV<n>toV<m>`, which the app writes
/// in an extension of the plan in a file of its own. Until it writes `willMigrate...`, a default that does nothing
/// stands in, deprecated with what the stage must do: a build warning at the stage that goes once the code is written.
/// SwiftData migrates the store by inference between the two, `willMigrate` seeing the old schema's models and
/// `didMigrate` the new one's, and the advice says what that means for each finding.
enum SwiftDataMigrationPlan {
    /// One upgrade that needs the app's code: its hooks' names and what they must do.
    struct CustomStage {
        var path: String
        var willMigrate: String
        var didMigrate: String
        var mappingModel: String?
        /// What inference cannot do, said as the analysis says it.
        var notInferable: [String] = []
        /// What drops data nobody acknowledged: `Entity.property` or `Entity`, as `acknowledge` takes them.
        var dropped: [String] = []
    }

    /// What the plan lists: versions in upgrade order, each store schema once (`SwiftDataVersioned.listed`).
    struct Listing {
        /// The number in each listed version's schema name (`<Model>SchemaV<n>`).
        var schemas: [Int]
        /// The number each listed version goes by in stage names (`SwiftDataVersioned.stageNumbers`).
        var stageNumbers: [Int]
        /// The upgrade from each listed version to the next.
        var hops: [MigrationReport]
        /// For each hop, why it is a stage of its own when it is (`StagedMigration.separated`).
        var separated: [MigrationReport?]
        /// Whether versions were left out, their store schema being a later one's.
        var leavesOut: Bool

        /// Versions 1...n, all listed, each named by its place.
        init(
            schemas: [Int], stageNumbers: [Int]? = nil, hops: [MigrationReport], separated: [MigrationReport?] = [],
            leavesOut: Bool = false
        ) {
            self.schemas = schemas
            self.stageNumbers = stageNumbers ?? schemas
            self.hops = hops
            self.separated = separated
            self.leavesOut = leavesOut
        }
    }

    static func text(
        _ base: String, _ listing: Listing, options: SwiftDataOptions, available: Bool, sd: (String) -> String
    ) -> String {
        let schema = { (index: Int) in "\(base)SchemaV\(listing.schemas[index])" }
        let availability = available ? "@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)\n" : ""
        var text = SwiftDataGenerator.header(base + "MigrationPlan.swift", options: options, publicImports: false)
        text +=
            "\n\n/// Every schema in upgrade order, and one stage per upgrade, from openmomc's migration analysis.\n"
        if listing.leavesOut {
            text +=
                "/// Each store schema is listed once: SwiftData refuses two schemas with one version checksum (a "
                + "version whose hashes equal a later one's is left out, as its schema says).\n"
        }
        text += availability + "public enum \(base)MigrationPlan: \(sd("SchemaMigrationPlan")) {\n"
        text +=
            "    public static var schemas: [any \(sd("VersionedSchema")).Type] {\n        ["
            + listing.schemas.indices.map { schema($0) + ".self" }.joined(separator: ", ") + "]\n    }\n"
        let stages = zip(listing.stageNumbers, listing.stageNumbers.dropFirst()).map { "V\($0)toV\($1)" }
        text +=
            "    public static var stages: [\(sd("MigrationStage"))] {\n        ["
            + stages.map { "migrate" + $0 }.joined(separator: ", ") + "]\n    }\n"
        var custom: [CustomStage] = []
        for (index, report) in zip(listing.hops.indices, listing.hops) where index < stages.count {
            let stage = customStage(report, suffix: stages[index])
            text +=
                "\n"
                + stageText(
                    report, name: "migrate" + stages[index], from: schema(index), to: schema(index + 1),
                    custom: stage, separated: index < listing.separated.count ? listing.separated[index] : nil,
                    stageType: sd("MigrationStage"))
            if let stage { custom.append(stage) }
        }
        text += "}\n"
        guard !custom.isEmpty else { return text }
        return text + "\n" + defaults(base, custom, availability: availability, context: sd("ModelContext"))
    }

    /// The upgrade's custom stage, or nil when inferred migration does it all: a mapping model's work, a change
    /// inference cannot make, or a drop nobody acknowledged.
    static func customStage(_ report: MigrationReport, suffix: String) -> CustomStage? {
        var stage = CustomStage(
            path: "'\(SwiftDataVersioned.comment(report.from))' -> '\(SwiftDataVersioned.comment(report.to))'",
            willMigrate: "willMigrate" + suffix, didMigrate: "didMigrate" + suffix,
            mappingModel: report.mappingModel.map(SwiftDataVersioned.comment))
        if stage.mappingModel == nil {
            var seen: Set<String> = []
            for change in report.changes {
                if change.verdict == .notInferable {
                    var said = SwiftDataVersioned.comment(statement(change, of: report))
                    while said.hasSuffix(".") { said.removeLast() }
                    stage.notInferable.append(said)
                } else if change.verdict == .dataLoss, change.acknowledgement == nil {
                    let subject = SwiftDataVersioned.comment(change.subject)
                    if seen.insert(subject).inserted { stage.dropped.append(subject) }
                }
            }
        }
        return report.isInferredWhole ? nil : stage
    }

    /// The build warning until the app writes the stage's `willMigrate...`: what the code must do, in a few lines'
    /// worth (the comments above the stage list every finding).
    static func warning(_ stage: CustomStage, plan: String) -> String {
        func listed(_ items: [String], _ limit: Int, _ separator: String) -> String {
            let more = items.count > limit ? " and \(items.count - limit) more" : ""
            return items.prefix(limit).joined(separator: separator) + more
        }
        var text = "\(stage.path) needs code in \(plan).\(stage.willMigrate), in an extension of your own."
        if let mappingModel = stage.mappingModel {
            text += " SwiftData does not run mapping models: do what '\(mappingModel)' and its policies do."
        }
        if !stage.dropped.isEmpty {
            let subjects = stage.dropped.map { "'\($0)'" }
            text +=
                " It drops the data of \(listed(subjects, 5, ", ")): to keep it, read it in willMigrate and store it "
                + "where the new schema holds it in didMigrate, or acknowledge the drop."
        }
        if !stage.notInferable.isEmpty {
            text +=
                " Inference cannot do this: \(listed(stage.notInferable, 2, "; ")). SwiftData still infers the "
                + "migration between willMigrate and didMigrate: fix the old values so that it can, or go through a "
                + "version that keeps both forms."
        }
        return text
    }

    /// A change as the stage's comments say it, and without its advice: the analyzer's path prefix ("A -> B: ")
    /// goes, the stage says it.
    static func message(_ change: MigrationChange, of report: MigrationReport) -> String {
        withoutPath(change.message, of: report)
    }

    static func statement(_ change: MigrationChange, of report: MigrationReport) -> String {
        withoutPath(change.statement, of: report)
    }

    private static func withoutPath(_ text: String, of report: MigrationReport) -> String {
        let prefix = "\(report.from) -> \(report.to): "
        return text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
    }

    /// The stage: the hop's findings as comments, then `.lightweight`, or `.custom` calling the app's code.
    static func stageText(
        _ report: MigrationReport, name: String, from: String, to: String, custom: CustomStage?,
        separated: MigrationReport? = nil, stageType: String
    ) -> String {
        let path = "'\(SwiftDataVersioned.comment(report.from))' -> '\(SwiftDataVersioned.comment(report.to))'"
        var text =
            "    /// \(path): "
            + (report.mappingModel.map { "custom migration by '\(SwiftDataVersioned.comment($0))'" }
                ?? report.verdict.description) + ".\n"
        for change in report.changes where change.verdict >= .dataLoss || report.mappingModel != nil {
            let note = change.acknowledgement.map { " (acknowledged: \(SwiftDataVersioned.comment($0)))" } ?? ""
            text += "    /// - \(SwiftDataVersioned.comment(message(change, of: report)))\(note)\n"
        }
        if custom == nil, let separated {
            // Inference alone, but as a step: staged migration would infer the run of lightweight stages as one.
            let worse = separated.changes.filter { $0.verdict >= .dataLoss && $0.acknowledgement == nil }.max {
                $0.verdict < $1.verdict
            }
            let outcome = worse?.verdict == .notInferable ? "fail" : "drop data"
            text +=
                "    /// - A stage of its own: staged migration runs consecutive lightweight stages as one inferred "
                + "upgrade, which from '\(SwiftDataVersioned.comment(separated.from))' to "
                + "'\(SwiftDataVersioned.comment(separated.to))' would \(outcome)"
                + (worse.map { " (" + SwiftDataVersioned.comment(statement($0, of: separated)) + ")" } ?? "") + "\n"
            return text + "    public static var \(name): \(stageType) {\n"
                + "        .custom(fromVersion: \(from).self, toVersion: \(to).self, willMigrate: nil, didMigrate: nil)\n"
                + "    }\n"
        }
        text += "    public static var \(name): \(stageType) {\n"
        guard let custom else {
            return text + "        .lightweight(fromVersion: \(from).self, toVersion: \(to).self)\n    }\n"
        }
        return text
            + "        .custom(\n            fromVersion: \(from).self, toVersion: \(to).self,\n"
            + "            willMigrate: { context in try \(custom.willMigrate)(context) },\n"
            + "            didMigrate: { context in try \(custom.didMigrate)(context) })\n    }\n"
    }

    /// The hooks' stand-ins, found only when the app has not written its own (a member of the plan itself is
    /// preferred to a protocol extension's): `willMigrate...` warns with what the stage must do, `didMigrate...` is
    /// quiet, as a stage may need only one of them.
    static func defaults(_ base: String, _ stages: [CustomStage], availability: String, context: String) -> String {
        let plan = base + "MigrationPlan", defaults = base + "MigrationPlanDefaults"
        let example = stages[0].willMigrate
        var text = """
            /// The code of the plan's custom stages, until the app writes its own in a file of its own (this one is
            /// written again when a version is added), as members of the plan:
            ///
            ///     extension \(plan) {
            ///         static func \(example)(_ context: \(context)) throws { ... }
            ///     }
            ///
            /// `willMigrate...` sees the old schema's models, `didMigrate...` the new one's; SwiftData migrates the
            /// store by inference between them. Until the app writes a stage's `willMigrate...`, the one here does
            /// nothing and the build warns at the stage with what it must do.
            protocol \(defaults) {}

            \(availability)extension \(plan): \(defaults) {}

            \(availability)extension \(defaults) {

            """
        for (index, stage) in stages.enumerated() {
            let message = warning(stage, plan: plan)
            text += index == 0 ? "" : "\n"
            text += "    /// \(stage.path), before the store is migrated: the old schema's models.\n"
            text += "    @available(*, deprecated, message: \(SwiftLiteral.string(message)))\n"
            text += "    static func \(stage.willMigrate)(_ context: \(context)) throws {}\n"
            text += "    /// \(stage.path), after the store is migrated: the new schema's models.\n"
            text += "    static func \(stage.didMigrate)(_ context: \(context)) throws {}\n"
        }
        return text + "}\n"
    }
}
