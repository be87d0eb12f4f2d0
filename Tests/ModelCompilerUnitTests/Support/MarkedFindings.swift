import Testing
@testable import ModelCompiler

/// swift-format's convention for rule tests: the place of each expected finding is marked inside the test input
/// with a keycap digit (1️⃣, 2️⃣, ...), so a test reads as the model with its findings on it. Markers are removed
/// before the text is parsed; a marker's place is the byte column of the character that follows it.
struct MarkedText {
    let text: String
    let positions: [String: (line: Int, column: Int)]

    init(_ marked: String, firstLine: Int = 1) {
        var lines: [String] = [], positions: [String: (line: Int, column: Int)] = [:]
        for (index, line) in marked.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var plain = String.UnicodeScalarView(), scalars = Array(line.unicodeScalars), i = 0
            while i < scalars.count {
                if i + 2 < scalars.count, ("1"..."9").contains(scalars[i]),
                    scalars[i + 1] == "\u{FE0F}", scalars[i + 2] == "\u{20E3}"
                {
                    let column = String(plain).utf8.count + 1
                    positions[String(String.UnicodeScalarView(scalars[i...i + 2]))] = (firstLine + index, column)
                    i += 3
                } else {
                    plain.append(scalars[i])
                    i += 1
                }
            }
            lines.append(String(plain))
        }
        text = lines.joined(separator: "\n")
        self.positions = positions
    }
}

/// One finding a rule test expects: at a marker, with its code, severity and exact message.
struct FindingSpec {
    var marker: String
    var code: DiagnosticCode
    var severity: Severity
    var message: String

    init(_ marker: String, _ code: DiagnosticCode, _ severity: Severity = .error, message: String) {
        self.marker = marker
        self.code = code
        self.severity = severity
        self.message = message
    }
}

/// Checks that a model body (see `Fixtures.contents`: the body starts at line 3) has exactly the expected
/// findings, each at its marker, and nothing else: a missing or an extra finding fails, shown as the lines
/// `check` would print.
func assertFindings(
    _ markedBody: String, modelAttributes: String = "", _ expected: [FindingSpec],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let marked = MarkedText(markedBody, firstLine: 3)
    let diagnostics = Fixtures.diagnostics(forBody: marked.text, modelAttributes: modelAttributes)
    func render(_ line: Int, _ column: Int, _ severity: Severity, _ message: String, _ code: DiagnosticCode) -> String {
        "\(line):\(column): \(severity): \(message) [\(code)]"
    }
    var wanted: [String] = []
    for spec in expected {
        guard let place = marked.positions[spec.marker] else {
            Issue.record("marker \(spec.marker) is not in the test input", sourceLocation: sourceLocation)
            return
        }
        wanted.append(render(place.line, place.column, spec.severity, spec.message, spec.code))
    }
    let got = diagnostics.map {
        render($0.location.line, $0.location.column, $0.severity, $0.message, $0.code)
    }
    let missing = wanted.filter { !got.contains($0) }, extra = got.filter { !wanted.contains($0) }
    #expect(
        missing.isEmpty && extra.isEmpty && got.count == wanted.count,
        "\nexpected, not found:\n\(missing.joined(separator: "\n"))\nfound, not expected:\n\(extra.joined(separator: "\n"))",
        sourceLocation: sourceLocation)
}
