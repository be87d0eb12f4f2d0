import Testing
@testable import ModelCompiler

/// The arithmetic that replaced tables of rows: the same answers as counting row by row.
@Suite struct FixtureFamilyTests {
    @Test func positionsAndKeysAcrossRuns() {
        let family = FixtureFamily(segments: [
            .init(entity: 2, first: 1, count: 3), .init(entity: 4, first: 4, count: 0),
            .init(entity: 5, first: 4, count: 2),
        ])
        #expect(family.total == 5)
        #expect((0..<5).map { family.key(at: $0).primaryKey } == [1, 2, 3, 4, 5])
        #expect((0..<5).map { family.key(at: $0).entity } == [2, 2, 2, 5, 5])
        #expect([1, 3, 4, 5, 6].map { family.position(of: $0) } == [0, 2, 3, 4, nil])
    }

    /// Counted one position at a time, as the rows used to be.
    @Test func earlierLinksIsACount() {
        for targets in [1, 2, 3, 5, 7, 13, 14, 21] {
            for skipping in [false, true] {
                var seen: [Int: Int] = [:]
                for position in 0..<300 {
                    if skipping && position % 7 == 5 { continue }
                    let target = position % targets
                    #expect(
                        FixtureFamily.earlierLinks(
                            position: position, targets: targets,
                            skippingEverySeventh: skipping) == seen[target, default: 0],
                        "position \(position), \(targets) targets, skipping \(skipping)")
                    seen[target, default: 0] += 1
                }
            }
        }
    }

    @Test func timesPickedIsACount() {
        for targets in [1, 2, 3, 4, 9] {
            var picked: [Int: Int] = [:]
            for index in 0..<60 {
                for pick in Set([index % targets, (index + 1) % targets]).sorted() {
                    #expect(
                        FixtureFamily.timesPicked(pick, before: index, targets: targets) == picked[pick, default: 0],
                        "owner \(index), target \(pick) of \(targets)")
                }
                for pick in Set([index % targets, (index + 1) % targets]) { picked[pick, default: 0] += 1 }
            }
        }
    }
}
