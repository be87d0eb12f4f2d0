import Foundation

/// `new-version`'s writes: the copied version, then the pointer; all or nothing.
enum VersionCopy {
    static func add(to source: ModelBundleSource, copying currentName: String, as requested: String?) -> HistoryResult {
        let here = SourceLocation(file: source.path)
        let existing = Set(source.versions.map(\.name))
        let name = requested ?? VersionNaming.next(after: source.versions.last?.name ?? currentName, existing: existing)
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix("."), !existing.contains(name) else {
            return HistoryResult(diagnostics: [.error(.currentVersionNotFound,
                "'\(name)' cannot be a new version name (empty, a path, hidden, or taken)", at: here)], changes: [], inputFailed: true)
        }
        let from = source.path.appendingPathComponent(currentName + ModelBundleReader.versionExtension)
        let to = source.path.appendingPathComponent(name + ModelBundleReader.versionExtension)
        if case .failure(let failure) = AtomicFile.replace(to, isDirectory: true, build: { temporary in
            try FileManager.default.copyItem(atPath: from, toPath: temporary)
        }) {
            return HistoryResult(diagnostics: [.error(.outputNotWritable, "cannot create version '\(name)': \(failure.reason)", at: here)],
                                 changes: [], inputFailed: false)
        }
        let pointer = CurrentVersionFileWriter.contents(versionName: name)
        if case .failure(let failure) = AtomicFile.write(pointer, to: source.path.appendingPathComponent(ModelBundleReader.currentVersionFileName)) {
            try? FileManager.default.removeItem(atPath: to)  // all or nothing
            return HistoryResult(diagnostics: [.error(.outputNotWritable, "cannot update .xccurrentversion: \(failure.reason)", at: here)],
                                 changes: [], inputFailed: false)
        }
        return HistoryResult(diagnostics: [], changes: ["created '\(name)' from '\(currentName)' and made it the current version"],
                             inputFailed: false)
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
