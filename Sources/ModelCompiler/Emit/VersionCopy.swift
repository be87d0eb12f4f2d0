#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `new-version`'s writes: the copied version and the pointer, all or nothing.
enum VersionCopy {
    struct Failure: Error {
        var diagnostic: Diagnostic
        /// The request itself is unusable (exit status 2), rather than the disk refusing.
        var isUsage: Bool
    }

    /// The new version's name, once both it and the pointer are in place.
    static func add(
        to source: ModelBundleSource, copying currentName: String, as requested: String?
    ) -> Result<String, Failure> {
        let here = SourceLocation(file: source.path)
        let existing = Set(source.versions.map(\.name))
        let name = requested ?? VersionNaming.next(after: source.versions.last?.name ?? currentName, existing: existing)
        let problem =
            name.isEmpty
            ? "a version needs a name"
            : name.contains("/")
                ? "'\(name)' is a path; a version name is one folder name"
                : name.hasPrefix(".")
                    ? "'\(name)' would be a hidden folder"
                    // .xccurrentversion is XML: a CR would read back as LF, naming a version that does not exist.
                    : name.onOneLine() != name
                        ? "'\(DiagnosticRenderer.escapingControlCharacters(name))' holds a control character; "
                            + "a version name is one line of text"
                        : existing.contains(name) ? "the bundle already has a version '\(name)'" : nil
        if let problem {
            return .failure(Failure(diagnostic: .error(.versionNameInvalid, problem, at: here), isUsage: true))
        }
        // The new version and the pointer change together: both are made in a copy of the bundle, which then takes
        // the bundle's place in one step, so a kill leaves the bundle as it was or fully updated.
        let result = AtomicFile.transform(source.path) { copy in
            try FileManager.default.copyItem(
                atPath: copy.appendingPathComponent(currentName + ModelBundleReader.versionExtension),
                toPath: copy.appendingPathComponent(name + ModelBundleReader.versionExtension))
            try AtomicFile.writeInPlace(
                CurrentVersionFileWriter.contents(versionName: name),
                to: copy.appendingPathComponent(ModelBundleReader.currentVersionFileName))
        }
        if case .failure(let failure) = result {
            return .failure(
                Failure(
                    diagnostic: .error(
                        .outputNotWritable, "cannot create version '\(name)': \(failure.reason)", at: here),
                    isUsage: false))
        }
        return .success(name)
    }
}

enum CurrentVersionFileWriter {
    /// The property list Xcode writes.
    static func contents(versionName: String) -> [UInt8] {
        let escaped = versionName.replacingEveryScalar("&", with: "&amp;").replacingEveryScalar("<", with: "&lt;")
        return Array(
            """
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

/// The codes of what this file reports.
extension DiagnosticCode {
    static let versionNameInvalid: DiagnosticCode = "version-name-invalid"
}
