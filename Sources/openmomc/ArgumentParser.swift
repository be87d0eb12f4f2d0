/// A small command-line parser: `--flag`, `--option value`, `--option=value`, `-h`, and `--` to end
/// options. Written here because the project may depend on nothing beyond the toolchain.
struct ArgumentParser {
    /// One option, declared once: how it is parsed, and how usage and help show it (`CommandSpec`).
    struct Option: Sendable {
        var name: String
        var takesValue: Bool
        /// When set, the only values accepted.
        var allowedValues: [String]? = nil
        var short: Character? = nil
        /// How help shows its value (`<file>`); `<name>` by default.
        var valueName: String? = nil
        /// May be given more than once; all values are kept in `lists`.
        var repeatable = false
        /// Usage shows it without brackets (the command checks that it was given).
        var isRequired = false
        /// Options of one group are alternatives: usage shows them in one bracket, `[--a | --b]`.
        var group: String? = nil
        var help: String = ""
    }

    struct Parsed: Equatable {
        var positionals: [String] = []
        var values: [String: String] = [:]
        var lists: [String: [String]] = [:]
        var flags: Set<String> = []
    }

    struct UsageError: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    var options: [Option]

    func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
        var parsed = Parsed()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name: String, inlineValue: String?
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                if let equals = body.firstIndex(of: "=") {
                    name = String(body[..<equals])
                    inlineValue = String(body[body.index(after: equals)...])
                } else {
                    name = String(body)
                }
            } else {
                guard argument.count == 2, let option = options.first(where: { $0.short == argument.last }) else {
                    throw UsageError(description: "unknown option '\(argument)'")
                }
                name = option.name
            }
            guard let option = options.first(where: { $0.name == name }) else {
                throw UsageError(description: "unknown option '--\(name)'")
            }
            guard option.takesValue else {
                if inlineValue != nil { throw UsageError(description: "option '--\(name)' takes no value") }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError(description: "option '--\(name)' needs a value")
            }
            if let allowed = option.allowedValues, !allowed.contains(value) {
                throw UsageError(
                    description: "invalid value '\(value)' for '--\(name)'; expected "
                        + allowed.map { "'\($0)'" }.joined(separator: " or "))
            }
            parsed.values[name] = value
            if option.repeatable { parsed.lists[name, default: []].append(value) }
        }
        return parsed
    }
}
