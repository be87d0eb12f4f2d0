import Foundation
import Testing
@testable import ModelCompiler

/// Large and deep models complete, and cost grows as the model does. Not a timed test: each case compares two sizes
/// of one shape in the same run, with bounds loose enough for a busy machine (4x the input may cost at most 10x;
/// a quadratic slip costs 16x, a cubic one 64x).
@Suite(.serialized) struct StressTests {
    static func contents(_ body: [String], separator: String = "\n") -> String {
        Fixtures.contents(body.joined(separator: separator))
    }

    static let shapes: [(name: String, small: Int, exponentBound: Double, make: @Sendable (Int) -> String)] = [
        (
            "attributes on one entity", 4_000, 10,
            { n in
                contents(
                    ["<entity name=\"E\">"]
                        + (0..<n).map { "<attribute name=\"a\($0)\" optional=\"YES\" attributeType=\"String\"/>" }
                        + ["</entity>"])
            }
        ),
        (
            "entities", 400, 10,
            { n in
                contents(
                    (0..<n).map { i in
                        "<entity name=\"E\(i)\"><attribute name=\"a\" optional=\"YES\" attributeType=\"String\"/>"
                            + "<relationship name=\"next\" optional=\"YES\" maxCount=\"1\" deletionRule=\"Nullify\" destinationEntity=\"E\((i + 1) % n)\" "
                            + "inverseName=\"previous\" inverseEntity=\"E\((i + 1) % n)\"/>"
                            + "<relationship name=\"previous\" optional=\"YES\" maxCount=\"1\" deletionRule=\"Nullify\" destinationEntity=\"E\((i + n - 1) % n)\" "
                            + "inverseName=\"next\" inverseEntity=\"E\((i + n - 1) % n)\"/></entity>"
                    })
            }
        ),
        (
            "entities on one line", 400, 10,
            { n in
                contents(
                    (0..<n).map {
                        "<entity name=\"E\($0)\"><attribute name=\"a\" optional=\"YES\" attributeType=\"String\"/></entity>"
                    },
                    separator: "")
            }
        ),
        // Forty to an element: libxml2 2.9 compares one element's attributes with each other, quadratic in one
        // element's count (3.8 s for 100,000 on one element, 15 s for 200,000), which would swamp a slip of ours.
        (
            "unknown XML attributes", 4_000, 10,
            { n in
                contents(
                    (0..<(n / 40)).map { element in
                        "<entity name=\"E\(element)\" " + (0..<40).map { "x\($0)=\"1\"" }.joined(separator: " ") + "/>"
                    })
            }
        ),
        // Every entity has every inherited property: the model itself grows with the square of the depth.
        (
            "inheritance depth", 150, 40,
            { n in
                contents(
                    (0..<n).reversed().map { i in
                        "<entity name=\"E\(i)\"\(i > 0 ? " parentEntity=\"E\(i - 1)\"" : "")><attribute name=\"a\(i)\" optional=\"YES\" attributeType=\"String\"/></entity>"
                    })
            }
        ),
        (
            "inheritance cycle", 500, 10,
            { n in
                contents((0..<n).map { "<entity name=\"E\($0)\" parentEntity=\"E\(($0 + 1) % n)\"/>" })
            }
        ),
    ]

    /// check, then the archive when the model compiles; the best of two runs.
    static func cost(_ text: String) throws -> Double {
        var best = Double.infinity
        for _ in 0..<2 {
            let start = Date()
            let root = try XMLDocumentReader.parse(bytes: Array(text.utf8), file: "contents").get()
            let model = try #require(ModelBuilder.build(root, versionName: "M", file: "contents").0)
            if !ModelValidator.validate(model).hasErrors { _ = VersionCompiler.mom(VersionCompiler.compile(model)) }
            best = min(best, Date().timeIntervalSince(start))
        }
        return best
    }

    @Test(arguments: 0..<shapes.count)
    func costGrowsWithTheModel(_ index: Int) throws {
        let shape = Self.shapes[index]
        let small = try Self.cost(shape.make(shape.small)), large = try Self.cost(shape.make(shape.small * 4))
        #expect(
            large / max(small, 0.002) < shape.exponentBound,
            "\(shape.name): \(shape.small) took \(small) s, \(shape.small * 4) took \(large) s")
    }

    /// The archive writer walks an object graph of any depth without recursion.
    @Test func aVeryDeepObjectGraphIsWritten() throws {
        var graph = ArchiveGraph()
        let chain = graph.chain(["Node", "NSObject"])
        let nodes = (0...200_000).map { _ in graph.node(chain) }
        let next = graph.key("next")
        for (node, following) in zip(nodes, nodes.dropFirst()) {
            var fields = ArchiveGraph.Fields()
            fields.set(next, .object(.node(following)))
            graph.add(fields, to: node)
        }
        let list = graph.archive(root: nodes[0]).propertyList
        guard case .array(let objects)? = list["$objects"] else { Issue.record("no objects"); return }
        // `$null`, every node, and the class once; the last node, never given fields, is written with its class.
        #expect(objects.count == 200_001 + 1 + 1)
        #expect(objects.last?["$classname"] == .string("Node"))
    }
}
