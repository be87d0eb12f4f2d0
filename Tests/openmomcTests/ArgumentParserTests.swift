import Testing
@testable import openmomc

@Suite struct ArgumentParserTests {
    let parser = ArgumentParser(options: [
        .init(name: "format", takesValue: true, allowedValues: ["text", "json"]),
        .init(name: "all", takesValue: false),
        .init(name: "help", takesValue: false, short: "h"),
    ])

    @Test func parsesFlagsOptionsAndPositionals() throws {
        let parsed = try parser.parse(["a", "--format", "json", "--all", "b", "--format=text", "-h", "--", "--c"])
        #expect(parsed.positionals == ["a", "b", "--c"])
        #expect(parsed.values == ["format": "text"])
        #expect(parsed.flags == ["all", "help"])
    }

    @Test(arguments: [
        (["--bogus"], "unknown option '--bogus'"),
        (["-x"], "unknown option '-x'"),
        (["--format"], "option '--format' needs a value"),
        (["--format", "yaml"], "invalid value 'yaml' for '--format'; expected 'text' or 'json'"),
        (["--all=yes"], "option '--all' takes no value"),
    ])
    func rejectsBadUsageNamingTheCulprit(_ arguments: [String], message: String) {
        #expect(throws: ArgumentParser.UsageError(description: message)) { try parser.parse(arguments) }
    }
}
