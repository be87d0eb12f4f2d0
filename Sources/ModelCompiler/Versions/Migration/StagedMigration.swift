/// How a staged migration runs an upgrade (Core Data's `NSStagedMigrationManager`, which SwiftData's migration plan
/// is built on): a custom stage is a step of its own, but consecutive lightweight stages are inferred as one upgrade,
/// from the store's version straight to the last version of the run (OBSERVED on the Apple developer forums:
/// V1 -> V2 and V2 -> V3 lightweight, V1 -> V3 not inferable, fails as lightweight stages and works as custom ones).
/// A run whose direct upgrade does worse than its steps (a chain of renames, each naming only the name before)
/// therefore needs its steps made stages of their own.
enum StagedMigration {
    /// For each hop between consecutive `versions`: nil when it can stay a lightweight stage, else the direct upgrade,
    /// from a version of its run of lightweight hops to the run's last version, that inference would do worse than
    /// the steps. `report` gives the inferred upgrade between two versions (no mapping model runs in a lightweight
    /// stage), acknowledgements applied.
    static func separated(
        versions: [CompiledVersion], hops: [MigrationReport],
        report: (CompiledVersion, CompiledVersion) -> MigrationReport
    ) -> [MigrationReport?] {
        var result = [MigrationReport?](repeating: nil, count: hops.count)
        var start = 0
        while start < hops.count {
            guard hops[start].isInferredWhole else {
                start += 1
                continue
            }
            var end = start
            while end < hops.count, hops[end].isInferredWhole { end += 1 }
            // The run's hops are start..<end, its versions start...end; each version but the last two is upgraded
            // further than one hop in one go (the one before the last is its own hop, already judged).
            if end - start >= 2, versions.count > end {
                for first in start..<(end - 1) {
                    let direct = report(versions[first], versions[end])
                    guard !direct.isInferredWhole else { continue }
                    for index in start..<end { result[index] = direct }
                    break
                }
            }
            start = end
        }
        return result
    }
}

extension MigrationReport {
    /// Inferred migration does all of it: no mapping model, no change it cannot make, no data drop the team has not
    /// acknowledged.
    var isInferredWhole: Bool {
        mappingModel == nil
            && !changes.contains {
                $0.verdict == .notInferable || ($0.verdict == .dataLoss && $0.acknowledgement == nil)
            }
    }
}
