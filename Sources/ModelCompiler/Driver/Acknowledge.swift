/// `acknowledge`: records that dropping `subject`'s data (`Entity.property`, or `Entity`) on the checked upgrade paths
/// is intended, with the reason, in the bundle's `AcknowledgedChanges.json`, written atomically. Only a change the
/// analysis actually reports as dropping data can be acknowledged; the same configuration decides the paths.
public func acknowledge(
    bundle path: String, subject: String, reason: String,
    configuration: BuildConfiguration = BuildConfiguration()
) -> HistoryResult {
    let (run, found) = BundlePipeline.run(
        path.withoutTrailingSlash, plan: configuration.plan,
        mappings: configuration.mappingSearch())
    let here = SourceLocation(file: path)
    guard let pipeline = run, pipeline.isBundle else {
        let why = Diagnostic.error(.notAModel, "acknowledge works on a .xcdatamodeld bundle", at: here)
        return HistoryResult(diagnostics: found + (run == nil ? [] : [why]), changes: [], inputFailed: true)
    }
    // The migration findings are what is acknowledged: any other error (an edited shipped version, a model that
    // does not compile) leaves nothing sound to record against.
    let errors = found.filter { $0.severity == .error && $0.subjects.isEmpty }
    guard errors.isEmpty else {
        return HistoryResult(
            diagnostics: errors,
            changes: [
                "nothing recorded: the bundle has errors that are not "
                    + "migration findings; fix them first"
            ], inputFailed: false)
    }
    guard !reason.trimmingWhitespace.isEmpty else {
        return HistoryResult(
            diagnostics: [
                .error(
                    .acknowledgementRefused, "an acknowledgement needs a reason (--reason)",
                    at: here)
            ], changes: [], inputFailed: true)
    }
    guard pipeline.history.dropped.contains(subject) else {
        let known = pipeline.history.dropped.sorted().map { "'\($0)'" }.joined(separator: ", ")
        return HistoryResult(
            diagnostics: [
                .error(
                    .acknowledgementRefused,
                    "no checked upgrade path drops the data of "
                        + "'\(subject)'" + (known.isEmpty ? "" : "; these do: \(known)"), at: here)
            ], changes: [], inputFailed: false)
    }
    var acknowledgements = pipeline.history.acknowledgements
    acknowledgements.acknowledged.removeAll { $0.subject == subject }
    acknowledgements.acknowledged.append(.init(subject: subject, reason: reason))
    if let failed = writeAcknowledgements(acknowledgements, bundle: path.withoutTrailingSlash) { return failed }
    return HistoryResult(
        diagnostics: [], changes: ["acknowledged that '\(subject)' drops its data: \(reason)"],
        inputFailed: false)
}

/// Writes the bundle's `AcknowledgedChanges.json` atomically; the result to return when it cannot be written.
func writeAcknowledgements(_ acknowledgements: Acknowledgements, bundle: String) -> HistoryResult? {
    let file = bundle.appendingPathComponent(Acknowledgements.fileName)
    guard case .failure(let error) = AtomicFile.write(acknowledgements.encoded, to: file) else { return nil }
    let finding = Diagnostic.error(
        .outputNotWritable, "cannot write \(Acknowledgements.fileName): " + error.reason, at: SourceLocation(file: file)
    )
    return HistoryResult(diagnostics: [finding], changes: [], inputFailed: false)
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let acknowledgementRefused: DiagnosticCode = "acknowledgement-refused"
}
