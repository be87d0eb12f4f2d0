import Testing

/// The Apple-compiled models in ../shared/conformance: each `.momd` with the source it was compiled from.
struct ConformanceVector: Sendable, CustomTestStringConvertible {
    var name: String
    var source: String
    /// A `.momd`, or the plain `.mom` that a standalone version compiles to.
    var compiled: String
    /// Keys an older momc did not write, or wrote differently (../shared/spec/xcode3-format.md §6.5): left out of
    /// the comparison on both sides. openmomc writes today's form.
    var eraKeys: Set<String> = []

    var testDescription: String { name }
    var isMomd: Bool { compiled.hasSuffix(".momd") }

    static let all: [ConformanceVector] = [
        ConformanceVector(
            name: "CartKit (Xcode 26.2)",
            source: "Karim-ezzedine__CartKit/Sources/CartKitStorageCoreData/Resources/CartStorage.xcdatamodeld",
            compiled: "Karim-ezzedine__CartKit/Sources/CartKitStorageCoreData/Resources/CartStorage.momd"),
        ConformanceVector(
            name: "SwiftGen (Xcode 13.4.1)",
            source: "SwiftGen__SwiftGen/e0d58459/Sources/TestUtils/Fixtures/Resources/CoreData/Model.xcdatamodeld",
            compiled: "SwiftGen__SwiftGen/e0d58459/SwiftGen.playground/Resources/Model.momd"),
        ConformanceVector(
            name: "CoreDataPlus SampleModel (Xcode 12)",
            source:
                "alemar11__CoreDataPlus/source-for-SampleModel.momd-at-c42926a/Tests/Resources/SampleModel/SampleModel.xcdatamodeld",
            compiled: "alemar11__CoreDataPlus/Tests/Resources/SampleModel/Fixtures/SampleModel.momd"),
        ConformanceVector(
            name: "CoreDataPlus SampleModel3 (Xcode 15.4)",
            source: "alemar11__CoreDataPlus/Tests/Resources/SampleModel3/SampleModel3.xcdatamodeld",
            compiled: "alemar11__CoreDataPlus/Tests/Resources/SampleModel3/Fixtures/SampleModel3.momd"),
        // Xcode 3 binary sources (`elements`), compiled by 2012 and 2010 momc.
        ConformanceVector(
            name: "RestKit binary model (Xcode 4.3.1)",
            source: "RestKit__RestKit-6efa73fa/Resources/RestKitCoreData.xcdatamodeld",
            compiled: "RestKit__RestKit-6efa73fa/RestKitResources.bundle/Contents/Resources/RestKitCoreData.momd",
            eraKeys: ["NSFetchIndexDescriptions", "NSCompoundIndexes", "NSAllocationType"]),
        ConformanceVector(
            name: "CoreDataBug binary model (Xcode 3.2)",
            source: "danielnorberg__CoreDataBug/ec3e4374/CoreDataBug_DataModel.xcdatamodel",
            compiled:
                "danielnorberg__CoreDataBug/ec3e4374/build/Debug/CoreDataBug.app/Contents/Resources/CoreDataBug_DataModel.mom",
            // Xcode 3.2 wrote no NSFlagsKey, and `{}` where later momc writes `{""}` for no version identifier.
            eraKeys: ["NSFlagsKey", "NSVersionIdentifiers"]),
    ]

    /// Apple's archive of `version`.
    func appleMOM(_ shared: String, version: String) -> String {
        shared + "/conformance/" + compiled + (isMomd ? "/" + version + ".mom" : "")
    }
}
