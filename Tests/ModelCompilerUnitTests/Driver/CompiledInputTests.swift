import Foundation
import Testing
@testable import ModelCompiler

/// `dump` and `hashes` read compiled models, which can be anything: every UID is bounded, every integer range-
/// checked, every walk guarded against cycles, depth and repetition.
@Suite struct CompiledInputTests {
    /// A keyed archive whose `$objects` are given as is (index 0 is `$null`).
    static func archive(_ objects: [PropertyListValue], root: UInt64 = 1) -> [UInt8] {
        BinaryPropertyListWriter.data(
            for: .dictionary([
                ("$version", .integer(100_000)), ("$archiver", .string("NSKeyedArchiver")),
                ("$top", .dictionary([("root", .uid(root))])), ("$objects", .array([.string("$null")] + objects)),
            ]))
    }

    static func object(_ classUID: UInt64, _ fields: [(String, PropertyListValue)]) -> PropertyListValue {
        .dictionary(fields + [("$class", .uid(classUID))])
    }

    static func className(_ name: String) -> PropertyListValue {
        .dictionary([("$classname", .string(name)), ("$classes", .array([.string(name), .string("NSObject")]))])
    }

    static func write(_ bytes: [UInt8]) throws -> (directory: String, file: String) {
        let directory = try Fixtures.temporaryDirectory()
        let file = directory + "/Model.mom"
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return (directory, file)
    }

    static let hostile: [(String, [UInt8])] = [
        ("a UID past the end", archive([object(2, [("NSEntities", .uid(999))]), className("NSManagedObjectModel")])),
        (
            "a UID of 2^63 and more",
            archive([
                object(2, [("NSEntities", .uid(1 << 63)), ("NSFetchRequestTemplates", .uid(.max))]),
                className("NSManagedObjectModel"),
            ])
        ),
        ("a class UID past the end", archive([object(99, [("x", .integer(1))])])),
        ("a root UID of 2^64 - 1", archive([object(2, [])], root: .max)),
        (
            "an array that contains itself",
            archive([
                object(2, [("NSEntities", .uid(2))]),
                object(3, [("NS.objects", .array([.uid(2), .uid(1)]))]),
                className("NSManagedObjectModel"), className("NSArray"),
            ])
        ),
    ]

    @Test(arguments: 0..<hostile.count)
    func hostileArchivesDumpAndHashWithoutCrashing(_ index: Int) throws {
        let (directory, file) = try Self.write(Self.hostile[index].1)
        defer { Fixtures.remove(directory) }
        let listed = dump(path: file)
        #expect(listed.inputFailed || !listed.lines.isEmpty, "\(Self.hostile[index].0)")
        _ = hashes(path: file)
    }

    /// A damaged archive is never reported as a valid model: `hashes` and `dump` exit non-zero, naming the damage;
    /// `dump` still lists what it could read, marked. (Before, both printed an empty model and succeeded.)
    @Test(arguments: [0, 1, 2])
    func damagedArchivesAreErrorsNotEmptyModels(_ index: Int) throws {
        let (directory, file) = try Self.write(Self.hostile[index].1)
        defer { Fixtures.remove(directory) }
        let hashed = hashes(path: file)
        #expect(hashed.inputFailed && hashed.reports.isEmpty, "\(Self.hostile[index].0)")
        #expect(hashed.diagnostics.first?.severity == .error)
        // A root that is no model at all (index 2) is refused before its references are followed.
        let message = hashed.diagnostics.first?.message ?? ""
        #expect(
            message.contains(index == 2 ? "not a readable compiled Core Data model" : "the compiled model is damaged"))
        let listed = dump(path: file)
        #expect(listed.inputFailed && listed.diagnostics.hasErrors)
        if index == 0 {
            #expect(
                listed.lines.last?.description == "damaged: object 1's 'NSEntities' refers to object 999, but the "
                    + "archive has 3 objects")
        }
    }

    @Test func damageIsFoundInNestedValuesAndDictionaries() throws {
        let nested = try KeyedArchive(
            bytes: Self.archive([
                Self.object(2, [("list", .array([.array([.uid(7)])]))]),
                Self.className("X"),
            ]))
        #expect(nested.damage?.contains("refers to object 7") == true)
        let uneven = try KeyedArchive(
            bytes: Self.archive([
                Self.object(
                    2,
                    [
                        ("NS.keys", .array([.uid(1), .uid(1)])),
                        ("NS.objects", .array([.uid(1)])),
                    ]),
                Self.className("NSDictionary"),
            ]))
        #expect(uneven.damage == "object 1 is a dictionary of 2 keys and 1 values")
        let sample = try #require(checkBundle(at: Fixtures.sampleBundle).0?.models.last)
        #expect(try KeyedArchive(bytes: ModelArchiver.momData(for: sample)).damage == nil)
    }

    /// Sixty levels of arrays each holding the next twice: 2^60 paths, listed up to a budget linear in the size.
    @Test func sharedObjectsDoNotMultiplyTheListing() throws {
        var objects: [PropertyListValue] = [
            Self.object(2, [("NSEntities", .uid(4))]), Self.className("NSManagedObjectModel"),
            Self.className("NSArray"),
        ]
        for level in 0..<60 {
            let next = UInt64(objects.count + 2)
            objects.append(Self.object(3, [("NS.objects", .array(level == 59 ? [] : [.uid(next), .uid(next)]))]))
        }
        let lines = ArchiveDump.lines(try KeyedArchive(bytes: Self.archive(objects)))
        #expect(lines.count < 64 * (objects.count + 17) + 2)
        #expect(lines.last?.value.contains("listing stopped") == true)
    }

    /// #50: a predicate that contains itself is damage (it read as a different, truncated predicate before).
    @Test func aPredicateThatContainsItselfIsDamage() throws {
        // compound -> [compound]: the unarchiver would stop at its depth limit and drop the innermost level.
        let bytes = Self.archive([
            Self.object(3, [("NSCompoundPredicateType", .integer(1)), ("NSSubpredicates", .uid(2))]),
            Self.object(4, [("NS.objects", .array([.uid(1)]))]),
            Self.className("NSCompoundPredicate"), Self.className("NSArray"),
        ])
        let archive = try KeyedArchive(bytes: bytes)
        #expect(archive.damage?.contains("contains itself") == true, "\(archive.damage ?? "none")")
        _ = ArchiveDump.lines(archive)
        let (directory, file) = try Self.write(bytes)
        defer { Fixtures.remove(directory) }
        #expect(dump(path: file).inputFailed)
    }

    @Test(arguments: [Int64(1) << 31, Int64(1) << 40, .min, .max, 128, -129])
    func decimalExponentsOutsideNSDecimalsRangeAreRefused(_ exponent: Int64) throws {
        let model = try Fixtures.model(
            #"<entity name="A"><attribute name="price" attributeType="Decimal" defaultValueString="12.5"/></entity>"#)
        let compiled = try BinaryPropertyListReader.read(ModelArchiver.momData(for: model))
        guard case .array(var objects)? = compiled["$objects"] else { Issue.record("no objects"); return }
        var replaced = false
        for index in objects.indices {
            guard case .dictionary(var entries) = objects[index],
                let slot = entries.firstIndex(where: { $0.key == .string("NS.exponent") })
            else { continue }
            entries[slot].value = .integer(exponent)
            objects[index] = .dictionary(entries)
            replaced = true
        }
        #expect(replaced)
        let bytes = BinaryPropertyListWriter.data(
            for: .dictionary([
                ("$version", .integer(100_000)), ("$archiver", .string("NSKeyedArchiver")),
                ("$top", compiled["$top"]!), ("$objects", .array(objects)),
            ]))
        let read = try #require(
            ModelUnarchiver.model(from: try KeyedArchive(bytes: bytes), versionName: "M", file: "M"))
        #expect(read.entities.first?.attributes.first?.defaultValue == nil)
        // #50: the archive is damaged, not a model with no default: dump and hashes say so.
        let (directory, file) = try Self.write(bytes)
        defer { Fixtures.remove(directory) }
        let dumped = dump(path: file)
        #expect(
            dumped.inputFailed && dumped.diagnostics.first?.message.contains("which NSDecimal cannot hold") == true,
            "\(dumped.diagnostics)")
        #expect(hashes(path: file).inputFailed)
    }
}

/// #50: the same structural checks on every way a model enters: a compiled `.mom` whose entity is its own ancestor
/// is refused, as the XML reader refuses it. (Mapping models' snapshots get the same check; a test needs an Xcode 3
/// archive with a cycle, not built yet.)
@Suite struct StructuralChecksTests {
    /// A `.mom` of a model in which `Note` is its own parent: momc never writes one; the compiler is asked past
    /// validation to make it.
    static func selfParentMom() throws -> [UInt8] {
        let model = try Fixtures.model(
            #"<entity name="Note" parentEntity="Note" representedClassName="Note" syncable="YES">"#
                + #"<attribute name="title" optional="YES" attributeType="String"/></entity>"#)
        #expect(!ModelValidator.structuralErrors(model).isEmpty)
        return VersionCompiler.mom(VersionCompiler.archive(VersionCompiler.compile(model)))
    }

    @Test func aCompiledModelWhoseEntityIsItsOwnParentIsDamaged() throws {
        let (directory, file) = try CompiledInputTests.write(try Self.selfParentMom())
        defer { Fixtures.remove(directory) }
        let hashed = hashes(path: file)
        #expect(hashed.inputFailed && hashed.reports.isEmpty)
        #expect(
            hashed.diagnostics.first?.message.contains("the compiled model is damaged") == true, "\(hashed.diagnostics)"
        )
    }
}
