import Testing
@testable import ModelCompiler

/// Xcode's numbering of version names: the newest version when no pointer names one.
@Suite struct VersionNamingTests {
    /// What `newest` counts, by comparing every pair: the reference its tables must agree with.
    private func bruteForce(_ names: [String]) -> String? {
        var best: (name: String, earlier: Int)?
        for name in names {
            let earlier = names.count { $0 != name && VersionNaming.laterInSeries(than: $0, among: [name]) != nil }
            if earlier >= best?.earlier ?? 0 { best = (name, earlier) }
        }
        return best?.name
    }

    @Test(arguments: [
        (["Model", "Model 2", "ModelOld"], "Model 2"),
        (["Model", "Model 2", "Model 10", "Model 9"], "Model 10"),
        (["ThreemaData", "ThreemaDataV2", "ThreemaDataV10"], "ThreemaDataV10"),
        (["SampleModel3", "SampleModel3_v2", "SampleModel3_v3"], "SampleModel3_v3"),
        (["0.9", "Shared"], "Shared"),
        (["Only"], "Only"),
    ])
    func theNewestIsLaterThanTheMostOthers(_ names: [String], _ newest: String) {
        let ordered = NaturalOrder.sorted(names)
        #expect(VersionNaming.newest(of: ordered) == newest)
        #expect(bruteForce(ordered) == newest)
    }

    @Test func theTablesAgreeWithEveryPairCompared() {
        let stems = ["Model", "Model ", "ModelV", "Model_", "Data", "DataV", "Data 2", "Data 2_v", "v", "", "X-v"]
        var names: Set<String> = []
        for (index, stem) in stems.enumerated() {
            names.insert(stem.isEmpty ? "Base" : stem)
            for number in [1, 2, 3, 10, 2 + index] { names.insert(stem + String(number)) }
        }
        let ordered = NaturalOrder.sorted(Array(names))
        #expect(VersionNaming.newest(of: ordered) == bruteForce(ordered))
        for drop in 0..<min(ordered.count, 30) {
            var fewer = ordered
            fewer.remove(at: drop)
            #expect(VersionNaming.newest(of: fewer) == bruteForce(fewer), "without \(ordered[drop])")
        }
    }

    /// An undeclared pointer no longer turns upgrades into downgrades: the stand-in is `Model 2`, not `ModelOld`.
    @Test func aMissingPointerStandsInWithTheNewestByNumbering() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let body = #"<entity name="A"><attribute name="x" optional="YES" attributeType="String"/></entity>"#
        let bundle = try Fixtures.writeBundle(
            in: directory,
            versions: [
                ("Model", Fixtures.contents(body)),
                ("Model 2", Fixtures.contents(body)),
                ("ModelOld", Fixtures.contents(body)),
            ],
            currentVersion: "<plist version=\"1.0\"><dict/></plist>")
        let (checked, _) = checkBundle(at: bundle)
        #expect(checked?.current?.name == "Model 2")
    }

    @Test func thousandsOfVersionsAreCountedWithoutComparingEveryPair() {
        let names = (1...20_000).map { "Model \($0)" }
        #expect(VersionNaming.newest(of: names) == "Model 20000")
    }
}
