import Foundation

/// What `mark-shipped` and `new-version` did, or why they did nothing.
public struct HistoryResult: Sendable {
    public var diagnostics: [Diagnostic]
    /// One line per change made, for the user.
    public var changes: [String]
    public var inputFailed: Bool
}

/// Records versions as shipped in `ShippedVersions.json`: `versions` by name, every version with
/// `all`, else the current one. Refuses versions with errors, and versions already recorded with other
/// content (that is an edit of a shipped version, which `check` reports).
public func markShipped(bundle path: String, versions requested: [String] = [], all: Bool = false) -> HistoryResult {
    let (checked, found) = checkBundle(at: path)
    let here = SourceLocation(file: path)
    guard let checked, checked.source.layout == .versionedBundle else {
        let why = Diagnostic.error(.notAModel, "mark-shipped works on a .xcdatamodeld bundle", at: here)
        return HistoryResult(diagnostics: found + (checked == nil ? [] : [why]), changes: [], inputFailed: true)
    }
    var diagnostics = found.filter { $0.code != .noShippedRecord }
    var record = ShippedRecord()
    if let file = checked.source.shippedRecord {
        guard let bytes = file.bytes, case .success(let existing) = ShippedRecord.parse(bytes, file: file.path) else {
            return HistoryResult(diagnostics: diagnostics, changes: [], inputFailed: false)  // the error is already there
        }
        record = existing
    }
    var names = requested
    if all { names = checked.source.versions.map(\.name) }
    if names.isEmpty {
        guard let current = checked.source.currentVersion?.versionName ?? (checked.source.versions.count == 1 ? checked.source.versions.first?.name : nil) else {
            diagnostics.append(.error(.currentVersionMissing, "the bundle has no current version; name the versions with --version", at: here))
            return HistoryResult(diagnostics: diagnostics, changes: [], inputFailed: false)
        }
        names = [current]
    }
    var changes: [String] = []
    for name in names {
        guard let model = checked.models.first(where: { $0.versionName == name }) else {
            let exists = checked.source.versions.contains { $0.name == name }
            diagnostics.append(.error(exists ? .shippedVersionModified : .currentVersionNotFound,
                exists ? "version '\(name)' has errors; fix them before marking it shipped"
                       : "the bundle has no version '\(name)'", at: here))
            continue
        }
        let fingerprint = VersionFingerprint.record(for: model)
        if let existing = record.versions[name] {
            if existing != fingerprint {
                diagnostics.append(.error(.shippedVersionModified,
                    "version '\(name)' is already marked shipped and has changed since; the record is not rewritten", at: here))
            }
            continue
        }
        record.versions[name] = fingerprint
        changes.append("marked '\(name)' shipped (versionChecksum \(fingerprint.versionChecksum))")
    }
    guard !diagnostics.hasErrors else { return HistoryResult(diagnostics: diagnostics, changes: [], inputFailed: false) }
    guard !changes.isEmpty else { return HistoryResult(diagnostics: diagnostics, changes: ["nothing to record"], inputFailed: false) }
    let recordPath = path.appendingPathComponent(ShippedRecord.fileName)
    if case .failure(let error) = AtomicFile.write(record.encoded, to: recordPath) {
        diagnostics.append(.error(.outputNotWritable, "cannot write \(ShippedRecord.fileName): \(error.reason)", at: SourceLocation(file: recordPath)))
        return HistoryResult(diagnostics: diagnostics, changes: [], inputFailed: false)
    }
    return HistoryResult(diagnostics: diagnostics, changes: changes, inputFailed: false)
}

/// Xcode's "Add Model Version": copies the current version to the next name ("Model 3" after "Model 2")
/// or `name`, keeping every renaming ID, and points `.xccurrentversion` at the copy.
public func newVersion(bundle path: String, name requested: String? = nil) -> HistoryResult {
    let here = SourceLocation(file: path)
    let (source, found) = ModelBundleReader.read(path)
    guard let source, source.layout == .versionedBundle, let newest = source.versions.last else {
        let why = Diagnostic.error(.notAModel, "new-version works on a .xcdatamodeld bundle with at least one version", at: here)
        return HistoryResult(diagnostics: found + [why], changes: [], inputFailed: true)
    }
    let currentName = source.currentVersion?.versionName.flatMap { name in source.versions.contains { $0.name == name } ? name : nil }
        ?? newest.name
    let existing = Set(source.versions.map(\.name))
    let name = requested ?? VersionNaming.next(after: newest.name, existing: existing)
    guard !name.isEmpty, !name.contains("/"), !name.hasPrefix("."), !existing.contains(name) else {
        return HistoryResult(diagnostics: [.error(.currentVersionNotFound,
            "'\(name)' cannot be a new version name (empty, a path, hidden, or taken)", at: here)], changes: [], inputFailed: true)
    }
    let from = path.appendingPathComponent(currentName + ModelBundleReader.versionExtension)
    let to = path.appendingPathComponent(name + ModelBundleReader.versionExtension)
    let temporary = to.temporarySibling
    do {
        try FileManager.default.copyItem(atPath: from, toPath: temporary)
        guard rename(temporary, to) == 0 else { throw FileSystem.ReadError(errno: errno) }
    } catch {
        try? FileManager.default.removeItem(atPath: temporary)
        return HistoryResult(diagnostics: [.error(.outputNotWritable, "cannot create version '\(name)': \(error)", at: here)],
                             changes: [], inputFailed: false)
    }
    let pointer = CurrentVersionFileWriter.contents(versionName: name)
    if case .failure(let error) = AtomicFile.write(pointer, to: path.appendingPathComponent(ModelBundleReader.currentVersionFileName)) {
        try? FileManager.default.removeItem(atPath: to)  // all or nothing
        return HistoryResult(diagnostics: [.error(.outputNotWritable, "cannot update .xccurrentversion: \(error.reason)", at: here)],
                             changes: [], inputFailed: false)
    }
    return HistoryResult(diagnostics: [], changes: ["created '\(name)' from '\(currentName)' and made it the current version"],
                         inputFailed: false)
}

enum VersionNaming {
    /// "Model 2" -> "Model 3", "DataV9" -> "DataV10", "Model" -> "Model 2"; skips names already taken.
    static func next(after name: String, existing: Set<String>) -> String {
        let digits = name.reversed().prefix { $0.isASCII && $0.isNumber }
        var stem = String(name.dropLast(digits.count))
        var number = Int(String(digits.reversed())) ?? 1
        if digits.isEmpty { stem += " " }
        repeat { number += 1 } while existing.contains(stem + String(number))
        return stem + String(number)
    }
}

enum CurrentVersionFileWriter {
    /// The property list Xcode writes.
    static func contents(versionName: String) -> [UInt8] {
        let escaped = versionName.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        return Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>_XCCurrentVersionName</key>
            \t<string>\(escaped).xcdatamodel</string>
            </dict>
            </plist>

            """.utf8)
    }
}
