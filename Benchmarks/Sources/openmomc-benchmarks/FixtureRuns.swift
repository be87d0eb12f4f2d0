import Foundation

/// `fixtures` at growing row counts: time and peak memory, which must follow the batch (2,000 rows), not the rows.
/// Before rows were made a batch at a time, the sample at a million rows per entity took 3 min 22 s and 8.0 GB, and a
/// 200-entity model at 20,000 rows 2.9 GB.
enum FixtureRuns {
    static func report(tool: String, repository: String, scratch: String, quick: Bool) throws {
        print("\n## Fixtures (`fixtures --rows N`)\n")
        print(
            "One run each (the largest take minutes); the output folder is removed between runs. Peak memory must "
                + "stay flat as the rows grow.\n")
        print("| input | rows per entity | s | peak MB | output MB |")
        print("| --- | ---: | ---: | ---: | ---: |")
        let sample = repository + "/SampleModels/Library.xcdatamodeld"
        let synthetic = try SyntheticModels.write(entities: 200, versions: 1, into: scratch + "/fixtures-model").path
        var runs: [(name: String, arguments: [String], rows: Int)] = [
            ("sample (Library, 2 shipped versions)", [sample], 10_000),
            ("sample (Library, 2 shipped versions)", [sample], 100_000),
            ("synthetic 200 entities", [synthetic, "--version", "Synthetic 1"], 2_000),
        ]
        if !quick {
            runs += [
                ("sample (Library, 2 shipped versions)", [sample], 1_000_000),
                // 20,000 rows here wrote 16.7 GB and took 14 min (Benchmarks/README.md): 5,000 tells as much.
                ("synthetic 200 entities", [synthetic, "--version", "Synthetic 1"], 5_000),
            ]
        }
        for run in runs {
            let out = scratch + "/fixtures-out"
            try? FileManager.default.removeItem(atPath: out)
            let result = Measure.run(tool, ["fixtures"] + run.arguments + [out, "--rows", "\(run.rows)"])
            let size =
                (try? FileManager.default.subpathsOfDirectory(atPath: out))?.reduce(0) { total, name in
                    total + ((try? FileManager.default.attributesOfItem(atPath: out + "/" + name)[.size] as? Int) ?? 0)
                } ?? 0
            print(
                "| \(run.name) | \(run.rows) | " + String(format: "%.1f", result.seconds)
                    + " | \(megabytes(result.peakBytes)) | \(megabytes(size))"
                    + (result.status == 0 ? "" : " (exit \(result.status))") + " |")
            try? FileManager.default.removeItem(atPath: out)
        }
    }
}
