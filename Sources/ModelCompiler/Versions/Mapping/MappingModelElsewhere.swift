/// A mapping model that maps no version of the bundle on one side or both, where the bundles beside it explain why
/// (#49): one side here and the other in a bundle beside it links the two (a history kept one version per bundle);
/// neither side here but a bundle beside it on some side makes it that bundle's. Without such a bundle it is stale.
extension MappingModelRule {
    /// The finding for such a mapping model, or nil (`.some(nil)`) when it is silently another bundle's; nil when no
    /// bundle beside explains it.
    static func elsewhere(
        _ input: Input, here: (sources: [String], destinations: [String]),
        neighbours: [BundleLinks.Member], named: Bool, bundle: String,
        at location: SourceLocation
    ) -> Diagnostic?? {
        guard !neighbours.isEmpty, here.sources.isEmpty || here.destinations.isEmpty else { return nil }
        let fileName = input.path.lastPathComponent
        var sources: [(String, [String])] = [], destinations: [(String, [String])] = []
        for member in neighbours {
            let found = matches(input, member.versions.map { ($0.versionName, $0.entityHashes) })
            if !found.sources.isEmpty { sources.append((member.path, found.sources)) }
            if !found.destinations.isEmpty { destinations.append((member.path, found.destinations)) }
        }
        func described(_ matched: [(String, [String])]) -> String {
            matched.map { quoted($0.1) + " of '\($0.0.lastPathComponent)'" }.joined(separator: ", ")
        }
        // One side here, the other in a bundle beside it: the two keep one history, in that order.
        let linked = { (from: String, to: String, first: String, second: String) -> Diagnostic in
            .note(
                .mappingModelLinksBundles,
                "'\(fileName)' maps \(from) -> \(to), linking '\(bundle.lastPathComponent)' "
                    + "with the bundle beside it: the two keep one history; `openmomc check \(commandPath(first)) "
                    + "\(commandPath(second))` checks them as one, this upgrade included", at: location)
        }
        if !here.sources.isEmpty, let other = destinations.first {
            return .some(linked(quoted(here.sources), described([other]), bundle, other.0))
        }
        if !here.destinations.isEmpty, let other = sources.first {
            return .some(linked(described([other]), quoted(here.destinations), other.0, bundle))
        }
        guard here.sources.isEmpty, here.destinations.isEmpty, !(sources.isEmpty && destinations.isEmpty) else {
            return nil
        }
        // Found beside the bundle, it is simply the other bundle's, checked with it; named for this one, say so.
        guard named else { return .some(nil) }
        let matched = [("source", sources), ("destination", destinations)].filter { !$0.1.isEmpty }
            .map { "its \($0.0) snapshot matches " + described($0.1) }
        return .some(
            .warning(
                .mappingModelOtherModel,
                "'\(fileName)' was named for '\(bundle.lastPathComponent)' "
                    + "but maps none of its versions: " + matched.joined(separator: " and ")
                    + " beside it; name it for "
                    + "that model instead", at: location))
    }

    /// A path as typed in a shell command: single-quoted (its own quotes escaped) unless it is plain.
    static func commandPath(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || "0123456789._-/".unicodeScalars.contains($0))
        }
        return plain && !path.isEmpty
            ? path
            : "'"
                + path.split(separator: "'", omittingEmptySubsequences: false)
                .joined(separator: "'\\''") + "'"
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    /// A mapping model links a version of the bundle with a version of another bundle beside it (#49).
    static let mappingModelLinksBundles: DiagnosticCode = "mapping-model-links-bundles"
    /// A mapping model named for the bundle maps none of its versions; its snapshots match another model's (#49).
    static let mappingModelOtherModel: DiagnosticCode = "mapping-model-other-model"
}
