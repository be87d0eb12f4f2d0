import Foundation
import Testing
@testable import ModelCompiler

/// Per-code severities: the user's to set, checked against every code openmomc reports.
@Suite struct SeverityPolicyTests {
    static let model = FindingDetailTests.version()

    @Test func aCodeIsIgnoredDemotedOrPromoted() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try FindingDetailTests.bundle([Self.model], in: directory)
        #expect(check(paths: [bundle]).diagnostics.with(.missingInverse).map(\.severity) == [.warning])
        let ignored = check(paths: [bundle], policy: SeverityPolicy([.missingInverse: .ignore]))
        #expect(ignored.diagnostics.with(.missingInverse).isEmpty)
        let promoted = check(paths: [bundle], policy: SeverityPolicy([.missingInverse: .error]))
        #expect(promoted.diagnostics.with(.missingInverse).map(\.severity) == [.error])
        // Promoted to an error, it stops the compile as any error does.
        var configuration = BuildConfiguration()
        configuration.diagnostics = ["missing-inverse": "error"]
        let compiled = compile(input: bundle, outputDirectory: directory + "/out", configuration: configuration)
        #expect(compiled.outputPath == nil && compiled.diagnostics.hasErrors)
    }

    @Test func anErrorThatStopsCompilationIsNeverSilencedIntoNothing() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let broken = Self.model.replacingOccurrences(
            of: #"destinationEntity="B""#, with: #"destinationEntity="Nowhere""#)
        let bundle = try FindingDetailTests.bundle([broken], in: directory)
        var configuration = BuildConfiguration()
        configuration.diagnostics = ["destination-entity-not-found": "ignore"]
        let compiled = compile(input: bundle, outputDirectory: directory + "/out", configuration: configuration)
        #expect(compiled.outputPath == nil)
        #expect(
            compiled.diagnostics.with(.configurationInvalid).first?.message.contains("still cannot be compiled") == true
        )
    }

    @Test func theConfigurationFileIsChecked() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        func read(_ json: String) throws -> Result<BuildConfiguration, Diagnostic> {
            try json.write(toFile: directory + "/openmomc.json", atomically: true, encoding: .utf8)
            return BuildConfiguration.read(directory + "/openmomc.json")
        }
        guard case .success(let good) = try read(#"{"history": true, "diagnostics": {"missing-inverse": "ignore"}}"#)
        else {
            Issue.record("a valid configuration was refused")
            return
        }
        #expect(good.detail == .history && good.policy == SeverityPolicy([.missingInverse: .ignore]))
        guard case .failure(let unknown) = try read(#"{"diagnostics": {"missing-inverses": "ignore"}}"#),
            case .failure(let level) = try read(#"{"diagnostics": {"missing-inverse": "off"}}"#)
        else {
            Issue.record("a bad configuration was accepted")
            return
        }
        #expect(
            unknown.message.hasPrefix(
                "unknown diagnostic code 'missing-inverses'; the codes are acknowledgement-malformed, "))
        // A misspelled key of the file itself is named, whatever its value.
        guard case .failure(let key) = try read(#"{"histroy": [1, {"a": null}], "all": true}"#) else {
            Issue.record("an unknown key was accepted")
            return
        }
        #expect(key.message.hasPrefix("unknown key 'histroy' in openmomc.json; the keys are style, access, "))
        #expect(
            level.message.hasPrefix("unknown severity 'off' for 'missing-inverse'; expected ignore, warning or error"))
        guard case .failure(let migration) = try read(#"{"migration": "sideways"}"#),
            case .success(let plan) = try read(#"{"migration": "step-by-step", "oldestSupportedVersion": "M 2"}"#)
        else {
            Issue.record("the migration keys are not checked")
            return
        }
        #expect(migration.message == "unknown migration 'sideways' in openmomc.json; expected direct or step-by-step")
        #expect(plan.plan == UpgradePlan(oldestSupportedVersion: "M 2", style: .stepByStep))
        #expect(
            BuildConfiguration.severitySetting("missing-inverse").map(\.1)
                == .failure(
                    .error(
                        .invalidArgument, "'missing-inverse' is not CODE=LEVEL", at: SourceLocation(file: "--severity"))
                ))
    }
}
