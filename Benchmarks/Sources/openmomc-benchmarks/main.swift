import Foundation
import ModelCompiler

// Measures openmomc's verbs on synthetic and real models against libxml2 parsing the same XML and nothing
// else (`xmllint --noout`), the floor for any tool that must read it. Prints a Markdown report.
//
//     swift run -c release openmomc-benchmarks [--quick] [--fixtures] [--rounds N] [--openmomc PATH] [--corpus PATH] [--write DIR]

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let quick = arguments.contains("--quick")
/// Rounds per input: in each, `xmllint` and every verb run once, one after another, so that a slow minute slows them
/// all (a ratio of medians taken minutes apart moved with the machine's noise).
let rounds = option("--rounds").flatMap(Int.init).map { max(1, $0) }
/// Without `--rounds`: on a shared host single rounds of one ratio spread by 2x, and 5 rounds' median still moved
/// between runs of one hour; 11 (5 for the largest inputs and the paired scaling) took 2 min 22 s in all.
let defaultRounds = quick ? 3 : 11, largestRounds = quick ? 3 : 5
// `--fixtures` runs only the fixtures section (minutes at a million rows).
// `--write DIR` only writes the synthetic bundles (for profiling one of them alone) and stops.
if let folder = option("--write") {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (entities, versions) in [(10, 1), (100, 1), (1000, 1), (10000, 1), (10, 50), (100, 50)] {
        print(try SyntheticModels.write(entities: entities, versions: versions, into: folder).path)
    }
    exit(0)
}
// Benchmarks/Sources/openmomc-benchmarks/main.swift -> the repository root.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path
let tool = option("--openmomc") ?? repository + "/.build/release/openmomc"
let corpus = option("--corpus") ?? (repository as NSString).deletingLastPathComponent + "/shared/corpus"
let xmllint = ["/usr/bin/xmllint", "/opt/homebrew/bin/xmllint", "/usr/local/bin/xmllint"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}

guard FileManager.default.isExecutableFile(atPath: Measure.helper) else {
    FileHandle.standardError.write(
        Data("\(Measure.helper) not found; build the package first: `swift build -c release` in Benchmarks/\n".utf8))
    exit(2)
}
guard FileManager.default.isExecutableFile(atPath: tool) else {
    FileHandle.standardError.write(
        Data(
            "openmomc not found at \(tool); build it with `swift build -c release --package-path ..` or pass --openmomc PATH\n"
                .utf8))
    exit(2)
}

struct Case { var name: String; var bundle: String; var xmlBytes: Int; var entities: Int; var versions: Int }

let scratch = NSTemporaryDirectory() + "openmomc-benchmarks"
try? FileManager.default.removeItem(atPath: scratch)
try FileManager.default.createDirectory(atPath: scratch + "/out", withIntermediateDirectories: true)
if arguments.contains("--fixtures") {
    try FixtureRuns.report(tool: tool, repository: repository, scratch: scratch, quick: quick)
    try? FileManager.default.removeItem(atPath: scratch)
    exit(0)
}

var cases: [Case] = []
let sizes = quick ? [10, 100, 1000] : [10, 100, 1000, 10000]
for entities in sizes {
    let written = try SyntheticModels.write(entities: entities, versions: 1, into: scratch)
    cases.append(
        Case(
            name: "synthetic \(entities) entities, 1 version", bundle: written.path, xmlBytes: written.xmlBytes,
            entities: entities, versions: 1))
}
for entities in (quick ? [10] : [10, 100]) {
    let written = try SyntheticModels.write(entities: entities, versions: 50, into: scratch)
    cases.append(
        Case(
            name: "synthetic \(entities) entities, 50 versions", bundle: written.path, xmlBytes: written.xmlBytes,
            entities: entities, versions: 50))
}
// The largest real bundles of the corpus.
for relative in [
    "threema-ch__threema-ios/ThreemaFramework/Persistence/Model/ThreemaData/ThreemaData.xcdatamodeld",
    "vdhamer__Photo-Club-Hub-Data/Sources/Photo Club Hub Data/Model/Photo_Club_Hub.xcdatamodeld",
    "Sistemium__sistemium-models/models/iSisSales.xcdatamodel",
] {
    let path = corpus + "/" + relative
    guard FileManager.default.fileExists(atPath: path) else { continue }
    let contents = (FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []).filter {
        $0.hasSuffix("contents") || $0 == "contents"
    }
    let bytes = contents.reduce(0) {
        $0 + ((try? FileManager.default.attributesOfItem(atPath: path + "/" + $1)[.size] as? Int) ?? 0)
    }
    let result = check(paths: [path])
    let versions = result.bundles.first?.models.count ?? 0
    let entities = result.bundles.first?.models.last?.entities.count ?? 0
    cases.append(
        Case(
            name: "corpus " + (relative.split(separator: "/").last.map(String.init) ?? relative), bundle: path,
            xmlBytes: bytes,
            entities: entities, versions: versions))
}

func xmlFiles(_ bundle: String) -> [String] {
    if bundle.hasSuffix(".xcdatamodel") { return [bundle + "/contents"] }
    return ((try? FileManager.default.contentsOfDirectory(atPath: bundle)) ?? []).filter {
        $0.hasSuffix(".xcdatamodel")
    }.sorted()
        .map { bundle + "/" + $0 + "/contents" }
}

func format(_ seconds: Double) -> String { String(format: seconds < 0.1 ? "%.4f" : "%.3f", seconds) }
func megabytes(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }

print("# openmomc benchmarks\n")
print(
    "Median of \(rounds ?? defaultRounds) rounds (\(rounds ?? largestRounds) for the largest inputs) of the release "
        + "`openmomc`, "
        + "each run a fresh process; in each round `xmllint` and every verb run once, in turn. Peak memory is that "
        + "process's own maximum resident set. `xmllint --noout` parses the same XML with libxml2 and nothing else. "
        + "\"x xmllint\" is the median of the rounds' own ratios (each verb against the `xmllint` run of its round), "
        + "\"per round\" the lowest and highest of them.\n")
print("| input | XML MB | verb | median s | peak MB | MB/s | x xmllint | per round | peak / XML |")
print("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
var perEntity: [(Int, String, Double)] = []
for item in cases {
    let runs = rounds ?? (item.xmlBytes > 20_000_000 ? largestRounds : defaultRounds)
    let out = scratch + "/out"
    var verbs: [(String, [String])] = [
        ("check", ["check", item.bundle]), ("compile", ["compile", item.bundle, out]),
        ("generate", ["generate", item.bundle, out]),
    ]
    if item.versions > 1 {
        verbs.append(("diff", ["diff", item.bundle]))
        // A schema per version and the plan: every version's classes, and an analysis per hop.
        verbs.append(
            (
                "generate swiftdata-versioned",
                ["generate", item.bundle, scratch + "/swiftdata", "--style", "swiftdata-versioned"]
            ))
    }
    let commands =
        (xmllint.map { [($0, ["--noout", "--huge"] + xmlFiles(item.bundle))] } ?? [])
        + verbs.map { (tool, $0.1) }
    let samples = Measure.rounds(runs, commands)
    let floor = xmllint.map { _ in samples[0] }
    for (index, (verb, _)) in verbs.enumerated() {
        let verbRuns = samples[index + (xmllint == nil ? 0 : 1)], sample = Measure.median(verbRuns)
        let ratio = floor.map { Measure.ratio(verbRuns, over: $0) }
        let throughput = Double(item.xmlBytes) / 1_048_576 / sample.seconds
        print(
            "| \(item.name) | \(megabytes(item.xmlBytes)) | \(verb) | \(format(sample.seconds)) | \(megabytes(sample.peakBytes)) | "
                + "\(String(format: "%.1f", throughput)) | \(ratio?.text ?? "n/a") | \(ratio?.range ?? "") | "
                + "\(String(format: "%.1f", Double(sample.peakBytes) / Double(max(item.xmlBytes, 1)))) |")
        if item.name.hasPrefix("synthetic"), item.versions == 1 {
            perEntity.append((item.entities, verb, sample.seconds / Double(item.entities)))
        }
    }
    if let floor {
        let seconds = format(Measure.median(floor).seconds)
        print("| \(item.name) | \(megabytes(item.xmlBytes)) | xmllint --noout | \(seconds) | | | 1.00 | | |")
    }
}

print("\n## Scaling (time per entity, 1 version)\n")
// The per-entity times come from the table above, each size measured minutes apart from the others. The cost of the
// largest model against 1,000 entities is measured again in rounds of its own, both sizes in each round.
let largestSize = sizes.last ?? 1000
let scalingCases = [1000, largestSize].compactMap { size in
    cases.first { $0.name.hasPrefix("synthetic") && $0.versions == 1 && $0.entities == size }
}
print(
    "Paired: the largest model's time over the 1,000-entity model's, the median of \(rounds ?? largestRounds) "
        + "rounds' own ratios "
        + "(lowest-highest).\n")
print(
    "| verb | " + sizes.filter { $0 >= 100 }.map { "\($0) entities" }.joined(separator: " | ")
        + " | largest / 1,000 | paired | per round |")
print("| --- | " + sizes.filter { $0 >= 100 }.map { _ in "---:" }.joined(separator: " | ") + " | ---: | ---: | ---: |")
for verb in ["check", "compile", "generate"] {
    let row = perEntity.filter { $0.1 == verb && $0.0 >= 100 }
    let thousand = row.first { $0.0 == 1000 }.map { $0.2 * 1000 }
    let largest = row.last.map { $0.2 * Double($0.0) }
    let growth =
        (thousand != nil && largest != nil)
        ? String(format: "%.1fx for %dx the entities", largest! / thousand!, (row.last?.0 ?? 1000) / 1000) : "n/a"
    var paired: Measure.Ratio?
    if largestSize > 1000, scalingCases.count == 2 {
        let commands = scalingCases.map { item in
            (tool, verb == "check" ? [verb, item.bundle] : [verb, item.bundle, scratch + "/out"])
        }
        let samples = Measure.rounds(rounds ?? largestRounds, commands)
        paired = Measure.ratio(samples[1], over: samples[0])
    }
    print(
        "| \(verb) | " + row.map { String(format: "%.1f µs", $0.2 * 1e6) }.joined(separator: " | ")
            + " | \(growth) | "
            + "\(paired.map { $0.text + "x" } ?? "n/a") | \(paired?.range ?? "") |")
}
print("\n## Compile cache (`compile --cache`)\n")
print(
    "Each version's `.mom`, hashes, typed model and findings are kept between runs; every version's file is still "
        + "read (the entries are keyed by its bytes) and checked against the others (the migration analysis).\n")
print(
    "The speed target for an edit is the current version compiled alone plus reading every version's file: both are "
        + "measured in the edited runs' rounds (the lone version as a `.xcdatamodel`, the reading by `cat`, a process "
        + "start included), and \"edited / target\" is the median of the rounds' own ratios (lowest-highest).\n")
print(
    "| input | no cache s | empty cache s | warm cache s | current version edited s | alone s | cat s | "
        + "edited / target | per round | peak MB (warm) |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for item in cases where item.versions > 1 {
    let runs = rounds ?? defaultRounds
    let plain = Measure.median(runs: runs, tool, ["compile", item.bundle, scratch + "/out"])
    let cached = try CacheRuns.measure(bundle: item.bundle, tool: tool, runs: runs, scratch: scratch)
    print(
        "| \(item.name) | \(format(plain.seconds)) | \(format(cached.cold.seconds)) | \(format(cached.warm.seconds)) | "
            + "\(format(cached.edited.seconds)) | \(format(cached.alone.seconds)) | \(format(cached.read.seconds)) | "
            + "\(cached.editedOverTarget.text)x | \(cached.editedOverTarget.range) | "
            + "\(megabytes(cached.warm.peakBytes)) |")
}
// openmomc runs independent work (versions, migration paths, rules, a version's hashes beside its archive) on every
// core: the same commands held to one core (`taskset`) show what that gives and what one core costs.
let taskset = "/usr/bin/taskset"
if FileManager.default.isExecutableFile(atPath: taskset), ProcessInfo.processInfo.activeProcessorCount > 1 {
    print("\n## One core and all \(ProcessInfo.processInfo.activeProcessorCount)\n")
    print("| input | verb | one core s | all cores s | speed-up |")
    print("| --- | --- | ---: | ---: | ---: |")
    for item in cases
    where item.entities == 1000 || item.name.hasPrefix("corpus Threema") || item.name.contains("100 entities, 50") {
        for verb in ["check", "compile", "generate"] {
            let runs = rounds ?? defaultRounds
            let verbArguments = verb == "check" ? [verb, item.bundle] : [verb, item.bundle, scratch + "/out"]
            let medians = Measure.rounds(runs, [(taskset, ["-c", "0", tool] + verbArguments), (tool, verbArguments)])
                .map(Measure.median)
            let (one, all) = (medians[0], medians[1])
            print(
                "| \(item.name) | \(verb) | \(format(one.seconds)) | \(format(all.seconds)) | "
                    + String(format: "%.2fx", one.seconds / all.seconds) + " |")
        }
    }
}
try FixtureRuns.report(tool: tool, repository: repository, scratch: scratch, quick: quick)
try? FileManager.default.removeItem(atPath: scratch)
