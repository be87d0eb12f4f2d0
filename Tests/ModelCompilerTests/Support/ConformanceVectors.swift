import Testing

/// The Apple-compiled models in ../shared/conformance: each `.momd` with the source it was compiled from.
struct ConformanceVector: Sendable, CustomTestStringConvertible {
    var name: String
    var source: String
    var compiled: String

    var testDescription: String { name }

    static let all: [ConformanceVector] = [
        ConformanceVector(name: "CartKit (Xcode 26.2)",
            source: "Karim-ezzedine__CartKit/Sources/CartKitStorageCoreData/Resources/CartStorage.xcdatamodeld",
            compiled: "Karim-ezzedine__CartKit/Sources/CartKitStorageCoreData/Resources/CartStorage.momd"),
        ConformanceVector(name: "SwiftGen (Xcode 13.4.1)",
            source: "SwiftGen__SwiftGen/e0d58459/Sources/TestUtils/Fixtures/Resources/CoreData/Model.xcdatamodeld",
            compiled: "SwiftGen__SwiftGen/e0d58459/SwiftGen.playground/Resources/Model.momd"),
        ConformanceVector(name: "CoreDataPlus SampleModel (Xcode 12)",
            source: "alemar11__CoreDataPlus/source-for-SampleModel.momd-at-c42926a/Tests/Resources/SampleModel/SampleModel.xcdatamodeld",
            compiled: "alemar11__CoreDataPlus/Tests/Resources/SampleModel/Fixtures/SampleModel.momd"),
        ConformanceVector(name: "CoreDataPlus SampleModel3 (Xcode 15.4)",
            source: "alemar11__CoreDataPlus/Tests/Resources/SampleModel3/SampleModel3.xcdatamodeld",
            compiled: "alemar11__CoreDataPlus/Tests/Resources/SampleModel3/Fixtures/SampleModel3.momd"),
    ]
}
