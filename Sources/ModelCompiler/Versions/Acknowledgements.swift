#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Data-dropping migration changes a team accepted on purpose (`AcknowledgedChanges.json` beside
/// `ShippedVersions.json`, committed and reviewed): a deliberate retirement then stops warning on every build.
/// Each names the property or entity whose data is dropped and says why; `diff` still lists them, marked.
struct Acknowledgements: Codable, Equatable, Sendable {
    static let fileName = ModelBundleReader.acknowledgementsFileName
    static let currentFormat = 1

    struct Entry: Codable, Equatable, Sendable {
        /// `Entity.property`, or `Entity` for a removed entity.
        var subject: String
        var reason: String
    }

    var about =
        "Migration changes that drop data on purpose, each with the reason it is accepted. openmomc stops "
        + "warning about them (diff still lists them). Written by `openmomc acknowledge`."
    var formatVersion = Acknowledgements.currentFormat
    var acknowledged: [Entry] = []

    init() {}

    /// `about` is for people; a hand-written file may leave it out.
    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        about = try container.decodeIfPresent(String.self, forKey: .about) ?? about
        formatVersion = try container.decode(Int.self, forKey: .formatVersion)
        acknowledged = try container.decode([Entry].self, forKey: .acknowledged)
    }

    func reason(for subject: String) -> String? { acknowledged.first { $0.subject == subject }?.reason }

    static func parse(_ file: RawFile?) -> Result<Acknowledgements, Diagnostic> {
        guard let file else { return .success(Acknowledgements()) }
        let here = SourceLocation(file: file.path)
        guard let bytes = file.bytes,
            let read = try? JSONDecoder().decode(Acknowledgements.self, from: Data(bytes))
        else {
            return .failure(
                .error(
                    .acknowledgementMalformed,
                    "cannot read \(fileName): expected {\"formatVersion\": 1, "
                        + "\"acknowledged\": [{\"subject\": \"Entity.property\", \"reason\": \"...\"}]}", at: here))
        }
        guard read.formatVersion == currentFormat else {
            return .failure(
                .error(
                    .acknowledgementMalformed,
                    "\(fileName) has format \(read.formatVersion); this "
                        + "openmomc reads format \(currentFormat)", at: here))
        }
        if let empty = read.acknowledged.first(where: { $0.reason.trimmingWhitespace.isEmpty }) {
            return .failure(
                .error(
                    .acknowledgementMalformed, "the acknowledgement of '\(empty.subject)' gives no reason",
                    at: here))
        }
        return .success(read)
    }

    /// Sorted by subject, two-space indented, so it reads well in review and one release writes what the next verifies.
    var encoded: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var sorted = self
        sorted.acknowledged.sort { $0.subject < $1.subject }
        guard let data = try? encoder.encode(sorted) else { fatalError("encoding strings cannot fail") }
        return Array(data) + [0x0A]
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let acknowledgementMalformed: DiagnosticCode = "acknowledgement-malformed"
}
