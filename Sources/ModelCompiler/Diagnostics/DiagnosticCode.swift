/// A stable identifier for a kind of diagnostic. Codes are part of the public contract: tools and
/// `--format json` consumers match on them, so an existing code is never renamed or reused.
public struct DiagnosticCode: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The code as written, e.g. `missing-inverse`.
    public var rawValue: String
    /// The code spelled `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The code spelled by a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }
    /// The code as written.
    public var description: String { rawValue }

    /// Decodes a code from its string.
    public init(from decoder: Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the code as its string.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

// The codes more than one stage reports (reading a file, a command's arguments and settings, the Xcode 3 reader's
// findings that validation also makes). Every other code is declared beside the rule that reports it, in an
// `extension DiagnosticCode` at the end of its file; `DiagnosticCode+Registry.swift`, generated from the
// declarations, lists them all.
extension DiagnosticCode {
    static let fileNotFound: DiagnosticCode = "file-not-found"
    static let unreadableFile: DiagnosticCode = "unreadable-file"
    static let notAModel: DiagnosticCode = "not-a-model"
    static let invalidEnumValue: DiagnosticCode = "invalid-enum-value"
    static let invalidArgument: DiagnosticCode = "invalid-argument"
    /// `configuration-invalid`: an `openmomc.json` or command-line setting openmomc cannot use.
    public static let configurationInvalid: DiagnosticCode = "configuration-invalid"
    static let versionNotFound: DiagnosticCode = "version-not-found"
    static let shippedRecordMalformed: DiagnosticCode = "shipped-record-malformed"
    static let unknownAttributeType: DiagnosticCode = "unknown-attribute-type"
    static let destinationEntityNotFound: DiagnosticCode = "destination-entity-not-found"
    static let inverseNotFound: DiagnosticCode = "inverse-not-found"
    static let fetchRequestUnknownEntity: DiagnosticCode = "fetch-request-unknown-entity"
}
