import Foundation
import Testing
@testable import ModelCompiler

/// #48: adopting openmomc on an app that shipped, walked on every multi-version bundle of the real corpus, as the
/// adoption guide walks it: `mark-shipped --all`, then every verb works and `check` passes; a new version's drop
/// fails the build naming only itself, and passes once acknowledged.
@Suite struct AdoptionCorpusTests {
    /// Each multi-version bundle of ../shared/corpus, relative to it (empty without ../shared).
    static let bundles: [String] = {
        guard let shared = SharedFolder.path else { return [] }
        let corpus = shared + "/corpus"
        let manager = FileManager.default
        var found: [String] = []
        guard let walk = manager.enumerator(atPath: corpus) else { return [] }
        while let relative = walk.nextObject() as? String {
            guard relative.hasSuffix(".xcdatamodeld") else { continue }
            walk.skipDescendants()
            let versions = (try? manager.contentsOfDirectory(atPath: corpus + "/" + relative)) ?? []
            if versions.filter({ $0.hasSuffix(".xcdatamodel") }).count > 1 { found.append(relative) }
        }
        return found.sorted()
    }()

    @Test(.needsShared) func theCorpusHasTheHistoriesTheIssueNames() {
        #expect(Self.bundles.count >= 15, "\(Self.bundles)")
    }

    /// The bundle and the mapping models beside it, copied into a fresh folder.
    static func copy(_ relative: String) throws -> (bundle: String, folder: String)? {
        guard let shared = SharedFolder.require() else { return nil }
        let folder = try Fixtures.temporaryDirectory()
        let source = shared + "/corpus/" + relative
        let manager = FileManager.default
        let bundle = folder + "/" + (relative as NSString).lastPathComponent
        try manager.copyItem(atPath: source, toPath: bundle)
        let beside = (source as NSString).deletingLastPathComponent
        let mappingModels = try manager.contentsOfDirectory(atPath: beside).filter { $0.hasSuffix(".xcmappingmodel") }
        for name in mappingModels {
            try manager.copyItem(atPath: beside + "/" + name, toPath: folder + "/" + name)
        }
        // An app that ships mapping models between versions migrates step by step through them (Moody, Threema):
        // its openmomc.json says so, beside the bundle, where every verb finds it.
        try manager.createDirectory(atPath: folder + "/.git", withIntermediateDirectories: false)
        if !mappingModels.isEmpty {
            try #"{"migration": "step-by-step"}"#.write(
                toFile: folder + "/openmomc.json", atomically: true, encoding: .utf8)
        }
        return (bundle, folder)
    }

    @Test(.needsShared, arguments: bundles) func adoptionPassesAndOnlyANewDropFails(_ relative: String) throws {
        guard let (bundle, folder) = try Self.copy(relative) else { return }
        defer { Fixtures.remove(folder) }
        let found = ConfigurationLookup()
        let configuration = try found.configuration(forModel: bundle).get()
        let before = check(paths: [bundle], detail: .history, lookup: found).diagnostics
        let marked = markShipped(bundle: bundle, all: true, configuration: configuration)
        #expect(!marked.diagnostics.hasErrors, "\(marked.diagnostics)")
        #expect(marked.changes.contains { $0.hasPrefix("marked ") }, "\(marked.changes)")
        let checked = check(paths: [bundle], lookup: found)
        let errors = checked.diagnostics.filter { $0.severity == .error }
        // A pointer left on an older version than the bundle's newest stays an error: the one error adoption keeps.
        #expect(errors.allSatisfy { $0.code == .currentVersionStale }, "\(errors)")
        guard errors.isEmpty else { return }
        // Every migration finding seen before adoption is still there with --history, now as history.
        let history = check(paths: [bundle], detail: .history, lookup: found).diagnostics
        let migration = { (d: Diagnostic) in d.code.rawValue.hasPrefix("migration-") && !d.subjects.isEmpty }
        for finding in before where migration(finding) {
            #expect(
                history.contains { $0.isHistory && $0.code == finding.code && $0.subjects == finding.subjects },
                "\(finding) is not listed with --history after adoption")
        }
        #expect(!history.contains { migration($0) && $0.severity == .error })
        // No message tells the team to edit what shipped.
        for finding in history where finding.isHistory {
            #expect(
                !finding.message.contains("keep it concrete") && !finding.message.contains("set the renaming ID")
                    && !finding.message.contains("ship an interim version"), "\(finding.message)")
        }
        try everyVerbWorks(bundle, in: folder, configuration: configuration)
        try aNewDropFailsUntilAcknowledged(bundle, configuration: configuration)
    }

    private func everyVerbWorks(_ bundle: String, in folder: String, configuration: BuildConfiguration) throws {
        let compiled = compile(input: bundle, outputDirectory: folder + "/out", configuration: configuration)
        #expect(compiled.outputPath != nil, "\(compiled.diagnostics.filter { $0.severity == .error })")
        let (source, _) = ModelBundleReader.read(bundle)
        let order = source?.versions.map(\.name) ?? []
        let current = source.flatMap(CurrentVersion.resolve)?.name ?? ""
        if let index = order.firstIndex(of: current), index > 0 {
            let report = diffMarkdown(
                bundle: bundle, from: order[index - 1], to: current, workingDirectory: folder,
                configuration: configuration)
            #expect(!report.inputFailed && report.markdown.contains("->"))
            let pair = diff(bundle: bundle, from: order[index - 1], to: current, configuration: configuration)
            // Its status is about that hop alone, which shipped: whatever it does is history, as check says.
            #expect(pair.reports.count == 1 && !pair.diagnostics.hasErrors, "\(pair.diagnostics)")
        }
        let fixtures = ModelCompiler.fixtures(bundle: bundle, output: folder + "/fixtures", versions: [current])
        #expect(fixtures.stores.count == 1, "\(fixtures.diagnostics)")
        let picture = historyDiagram(
            input: bundle, output: folder + "/history.dot", format: .dot,
            plan: configuration.plan, mappingModels: configuration.mappingModels ?? [])
        #expect(picture.outputPath != nil, "\(picture.diagnostics)")
    }

    /// A new version that drops one stored attribute: `check` fails naming only it, and passes once acknowledged.
    private func aNewDropFailsUntilAcknowledged(_ bundle: String, configuration: BuildConfiguration) throws {
        let added = newVersion(bundle: bundle)
        guard !added.diagnostics.hasErrors, let source = ModelBundleReader.read(bundle).0,
            let current = CurrentVersion.resolve(source)?.name
        else {
            Issue.record("new-version failed: \(added.diagnostics)")
            return
        }
        let contents = bundle + "/" + current + ".xcdatamodel/contents"
        guard let text = try? String(contentsOfFile: contents, encoding: .utf8), text.hasPrefix("<?xml") else { return }
        let lines = text.components(separatedBy: "\n")
        var entity = ""
        for (index, line) in lines.enumerated() {
            if let name = Self.attribute("name", of: line), line.contains("<entity ") { entity = name }
            guard line.contains("<attribute "), !line.contains("transient=\"YES\""),
                let name = Self.attribute("name", of: line)
            else { continue }
            var edited = lines
            edited.remove(at: index)
            try edited.joined(separator: "\n").write(toFile: contents, atomically: true, encoding: .utf8)
            let errors = check(paths: [bundle], lookup: ConfigurationLookup()).diagnostics.filter {
                $0.severity == .error
            }
            // Some attributes are named by an index, a constraint or a predicate: removing them is another error.
            guard errors.allSatisfy({ !$0.subjects.isEmpty }), !errors.isEmpty else {
                try text.write(toFile: contents, atomically: true, encoding: .utf8)
                continue
            }
            let subject = entity + "." + name
            #expect(errors.allSatisfy { $0.subjects == [subject] && $0.code == .migrationDataDropped }, "\(errors)")
            let acknowledged = acknowledge(
                bundle: bundle, subject: subject, reason: "retired on purpose",
                configuration: configuration)
            #expect(!acknowledged.diagnostics.hasErrors, "\(acknowledged.diagnostics)")
            #expect(!check(paths: [bundle], lookup: ConfigurationLookup()).diagnostics.hasErrors)
            return
        }
        Issue.record("no attribute of \(current) could be removed alone")
    }

    static func attribute(_ key: String, of line: String) -> String? {
        guard let start = line.range(of: " \(key)=\"") else { return nil }
        let rest = line[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
