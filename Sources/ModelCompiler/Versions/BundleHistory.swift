/// The Versions stage of one bundle: the pointer checks, the shipped record and its verdicts, and the
/// migration analysis from every shipped (else every earlier) version to the current one. Works on the
/// compiled versions only: nothing here hashes or archives.
struct BundleHistory: Sendable {
    let record: ShippedRecordFile
    let acknowledgements: Acknowledgements
    /// Subjects (`Entity.property`, `Entity`) whose data a checked upgrade path drops, acknowledged or not.
    let dropped: Set<String>
    /// Subjects of every migration finding on the checked paths: what an acknowledgement may name.
    var findingSubjects: Set<String> = []
    let diagnostics: [Diagnostic]
    /// The hops the bundle's mapping models cover (the stale ones cover none).
    var hops: [MappingModelRule.Hop] = []
    /// The mapping models that cover no hop.
    var staleMappingModels: [MappingModelRule.Stale] = []

    static func analyze(
        _ source: ModelBundleSource, current: CurrentVersion?, versions: [CompiledVersion],
        detail: FindingDetail = .summary,
        plan: UpgradePlan = UpgradePlan(), mappings: [MappingModelRule.Input] = [],
        module: String? = nil, declared: DeclaredClasses? = nil,
        neighbours: [BundleLinks.Member] = [], named: Set<String> = []
    ) -> BundleHistory {
        let record = ShippedRecordFile(source.shippedRecord)
        var diagnostics = CurrentVersionRule.check(source)
        var acknowledgements = Acknowledgements()
        switch Acknowledgements.parse(source.acknowledgements) {
        case .success(let read): acknowledgements = read
        case .failure(let problem): diagnostics.append(problem)
        }
        diagnostics += ShippedVersionRule.check(
            source, record: record, versions: versions, current: current)
        // A Swift app's policy classes need their module: the current version says which language it is written in.
        let currentModel = versions.first { $0.versionName == current?.name }?.model
        let swift = module != nil || currentModel?.metadata.sourceLanguage == "Swift"
        let (hops, stale, mappingFindings) = MappingModelRule.check(
            mappings, versions: versions, bundle: source.path,
            swift: swift, module: module, declared: declared,
            neighbours: neighbours, named: named)
        diagnostics += mappingFindings
        let migration = MigrationHistoryRule.check(
            source, current: current, versions: versions,
            shipped: record.shippedNames, detail: detail,
            plan: plan, acknowledgements: acknowledgements,
            acknowledgementsFile: source.acknowledgements?.path, hops: hops)
        diagnostics += migration.diagnostics
        return BundleHistory(
            record: record, acknowledgements: acknowledgements, dropped: migration.dropped,
            findingSubjects: migration.subjects, diagnostics: diagnostics, hops: hops,
            staleMappingModels: stale)
    }
}
