import Foundation
import Testing
@testable import ModelCompiler

/// Every comparison operator object carries `NSVariant` equal to its `NSOperatorType` (spec §4.5, VERIFIED for
/// `>=` on Apple's archive of a `minValueString`): the variant is what the operator evaluates with, so a variant
/// of 0 would turn each of them into `<`. Read back from the compiled `.mom` with the project's own unarchiver.
@Suite struct ComparisonOperatorTests {
    /// The key path each predicate compares, and the operator it must archive as.
    static let operators: [(keyPath: String, format: String, type: Int64, className: String)] = [
        ("lt", "<", 0, "NSComparisonPredicateOperator"),
        ("le", "<=", 1, "NSComparisonPredicateOperator"),
        ("gt", ">", 2, "NSComparisonPredicateOperator"),
        ("ge", ">=", 3, "NSComparisonPredicateOperator"),
        ("eq", "==", 4, "NSEqualityPredicateOperator"),
        ("ne", "!=", 5, "NSEqualityPredicateOperator"),
    ]

    static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    static func compiledArchive() throws -> KeyedArchive {
        let templates = operators.map {
            "<fetchRequest name=\"by_\($0.keyPath)\" entity=\"Item\" predicateString=\"\($0.keyPath) \(xmlEscaped($0.format)) 1\"/>"
        }
        let model = try Fixtures.model(
            """
            <entity name="Item" representedClassName="Item" syncable="YES">
                <attribute name="n" attributeType="Integer 16" minValueString="0" maxValueString="10" defaultValueString="0" usesScalarValueType="YES"/>
                <attribute name="title" optional="YES" attributeType="String" minValueString="2" maxValueString="40"/>
                <fetchedProperty name="bigger" optional="YES">
                    <fetchRequest name="f" entity="Item" predicateString="gt &gt; $FETCH_SOURCE.n"/>
                </fetchedProperty>
            </entity>
            \(templates.joined(separator: "\n"))
            """)
        return try KeyedArchive(bytes: ModelArchiver.momData(for: model))
    }

    static func integer(_ key: String, _ uid: Int, in archive: KeyedArchive) -> Int64? {
        if case .integer(let value)? = archive.field(key, of: uid) { return value }
        return nil
    }

    @Test func everyOperatorArchivesItsOwnVariant() throws {
        let archive = try Self.compiledArchive()
        let unarchiver = ExpressionUnarchiver(archive: archive)
        var seen: [String: Int] = [:]
        for uid in archive.objects.indices where archive.className(of: uid) == "NSComparisonPredicate" {
            let left = try #require(archive.referenced("NSLeftExpression", of: uid).flatMap(unarchiver.expression))
            guard case .keyPath(let path) = left, let expected = Self.operators.first(where: { $0.keyPath == path })
            else { continue }
            let op = try #require(archive.referenced("NSPredicateOperator", of: uid))
            #expect(archive.className(of: op) == expected.className, "\(path)")
            #expect(Self.integer("NSOperatorType", op, in: archive) == expected.type, "\(path)")
            if expected.className == "NSComparisonPredicateOperator" {
                #expect(Self.integer("NSVariant", op, in: archive) == expected.type, "\(path) \(expected.format)")
            } else {
                #expect(archive.field("NSVariant", of: op) == nil, "\(path)")
            }
            seen[path, default: 0] += 1
        }
        // Each template once, and `gt` a second time in the fetched property.
        #expect(seen == ["lt": 1, "le": 1, "gt": 2, "ge": 1, "eq": 1, "ne": 1])
    }

    /// Minimum then maximum, as `>=` and `<=`, with the warning codes Core Data reports.
    @Test(arguments: [("n", "SELF", [1620, 1610] as [Int64]), ("title", "length", [1670, 1660])])
    func validationPredicatesCompareWithTheirOwnVariant(
        _ attribute: String, _ subject: String, _ warnings: [Int64]
    )
        throws
    {
        let archive = try Self.compiledArchive()
        let uid = try #require(
            archive.objects.indices.first {
                archive.className(of: $0) == "NSAttributeDescription"
                    && archive.string("NSPropertyName", of: $0) == attribute
            })
        let predicates =
            archive.referenced("NSValidationPredicates", of: uid).map {
                archive.references("NS.objects", of: $0)
            } ?? []
        let operators = predicates.compactMap { archive.referenced("NSPredicateOperator", of: $0) }
        #expect(operators.map { Self.integer("NSOperatorType", $0, in: archive) } == [3, 1])
        #expect(operators.map { Self.integer("NSVariant", $0, in: archive) } == [3, 1])
        let read = predicates.compactMap(ExpressionUnarchiver(archive: archive).predicate).map {
            PredicateFormat.string(for: $0)
        }
        #expect(read == ["\(subject) >= \(attribute == "n" ? 0 : 2)", "\(subject) <= \(attribute == "n" ? 10 : 40)"])
        let codes = archive.referenced("NSValidationWarnings", of: uid).map {
            archive.references("NS.objects", of: $0).map { archive.objects[$0] }
        }
        #expect(codes == warnings.map { .integer($0) })
    }
}
