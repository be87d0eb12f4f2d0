import Foundation
import TestSupport
@testable import ModelCompiler

/// Type-checks the Core Data half of generated code on Linux, where Core Data and Objective-C interop do not exist:
/// the generated text is rewritten mechanically (`@NSManaged` members get empty bodies, `@objc` names go, the
/// `canImport(CoreData)` guard is lifted) and checked with a small stand-in for the Core Data classes it uses. Name
/// resolution, the thing a model's names can break (a class shadowed by a member type, a type that is no type), is
/// checked exactly as on a Mac; what the stand-in cannot show is Objective-C selector conflicts.
enum CoreDataStub {
    static let declarations = """
        import Foundation
        open class NSManagedObject: NSObject {
            open func value(forKey key: String) -> Any? { nil }
            open func setValue(_ value: Any?, forKey key: String) {}
        }
        public final class NSFetchRequest<ResultType> { public init(entityName: String) {} }
        public final class NSManagedObjectModel { public init?(contentsOf url: URL) { return nil } }
        public final class UIColor: NSObject {}

        """

    /// The generated text as plain Swift over the stand-in.
    static func rewrite(_ generated: String) -> String {
        var lines: [String] = []
        for line in generated.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "#if canImport(CoreData)" || trimmed == "#endif" || trimmed == "import CoreData"
                || trimmed.hasPrefix("@objc(")
            {
                continue
            }
            var text = line.replacingOccurrences(of: "@nonobjc ", with: "")
            guard text.contains("@NSManaged ") else { lines.append(text); continue }
            text = text.replacingOccurrences(of: "@NSManaged ", with: "")
            lines.append(text.contains(" func ") ? text + " {}" : text + " { get { fatalError() } set {} }")
        }
        return lines.joined(separator: "\n")
    }

    /// As `typecheck`, with a class standing in for each type the generated code names but the app itself declares
    /// (the class of a Category/Extension entity, a Transformable's custom class): found by a first run's
    /// "cannot find type" errors, so that any other error is the generated code's own.
    static func typecheckWithAppTypes(_ files: [String: String]) throws -> (ok: Bool, output: String) {
        let first = try typecheck(files)
        guard !first.ok else { return first }
        let pattern = "cannot find type '"
        var missing: Set<String> = []
        for line in first.output.split(separator: "\n") where line.contains("error: " + pattern) {
            guard let start = line.range(of: pattern)?.upperBound, let end = line[start...].firstIndex(of: "'") else {
                continue
            }
            missing.insert(String(line[start..<end]))
        }
        guard !missing.isEmpty else { return first }
        let stand = missing.sorted().map { "open class \($0): NSManagedObject {}" }.joined(separator: "\n")
        return try typecheck(files.merging(["~app-types.swift": "import Foundation\n" + stand]) { $1 })
    }

    /// Runs `swiftc -typecheck` over the rewritten files and the stand-in; the compiler's output on failure.
    static func typecheck(_ files: [String: String]) throws -> (ok: Bool, output: String) {
        let directory = NSTemporaryDirectory() + "openmomc-stub-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var names = ["CoreDataStub.swift"]
        try declarations.write(toFile: directory + "/CoreDataStub.swift", atomically: true, encoding: .utf8)
        for (index, (_, text)) in files.sorted(by: { $0.key < $1.key }).enumerated() {
            names.append("generated\(index).swift")
            try rewrite(text).write(toFile: directory + "/" + names.last!, atomically: true, encoding: .utf8)
        }
        let result = try SwiftCompiler.run(["-typecheck"] + names, in: directory)
        return (result.status == 0, result.output)
    }
}
