/// One fact of the shipped record's canonical encoding: its key, the record format that introduced it, the
/// readable name under which the record also spells it out (for messages), and its value, nil when it is at
/// its default. Facts at their default are not written, so a later format that adds a fact leaves the digests
/// of versions that do not use it as they were; records of an older format are still verified with the facts
/// that format had (`since`).
struct Fact<Subject>: Sendable {
    let key: String
    let since: Int
    let readable: String?
    let value: @Sendable (Subject) -> CanonicalValue?

    init(
        _ key: String, since: Int = 2, readable: String? = nil,
        _ value: @escaping @Sendable (Subject) -> CanonicalValue?
    ) {
        self.key = key
        self.since = since
        self.readable = readable
        self.value = value
    }
}

extension CanonicalValue {
    static func string(_ value: String?) -> CanonicalValue? { value.map(CanonicalValue.string) }
    static func nonEmpty(_ value: String?) -> CanonicalValue? { value.flatMap { $0.isEmpty ? nil : .string($0) } }
    static func flag(_ value: Bool) -> CanonicalValue? { value ? .bool(true) : nil }
    static func setting(_ value: Bool?) -> CanonicalValue? { value.map(CanonicalValue.bool) }
    static func number(_ value: Int?) -> CanonicalValue? { value.map(CanonicalValue.int) }

    static func userInfo(_ userInfo: UserInfo) -> CanonicalValue? {
        userInfo.isEmpty ? nil : .map(userInfo.dictionary.mapValues(CanonicalValue.string))
    }

    /// A renaming ID equal to the name is the default: Core Data uses the name.
    static func renaming(_ identifier: RenamingIdentifier?, name: String) -> CanonicalValue? {
        identifier.flatMap { $0.value == name ? nil : .string($0.value) }
    }
}

/// Writes facts as `key=value` lines in table order, leaving out those at their default and those newer than `format`.
struct FactWriter {
    let format: Int

    func lines<Subject>(_ subject: Subject, _ facts: [Fact<Subject>], prefix: String = "") -> String {
        var output = ""
        for fact in facts where fact.since <= format {
            guard let value = fact.value(subject) else { continue }
            output += prefix + fact.key + "="
            value.write(into: &output)
            output += "\n"
        }
        return output
    }

    /// Readable name -> value text of the facts that have a readable name and are not at their default.
    func readable<Subject>(_ subject: Subject, _ facts: [Fact<Subject>]) -> [String: String]? {
        var result: [String: String] = [:]
        for fact in facts where fact.since <= format {
            guard let name = fact.readable, let value = fact.value(subject) else { continue }
            result[name] = value.text
        }
        return result.isEmpty ? nil : result
    }
}
