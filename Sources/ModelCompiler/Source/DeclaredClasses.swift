/// The classes an app's own sources declare, as the Objective-C runtime names them: what a mapping model's migration
/// policy class must be for Core Data to load it (`NSClassFromString`). Read from the Swift and Objective-C files of
/// the package or project around a model, only when a mapping model names a policy class.
///
/// - Swift: `@objc(Name)` on a class gives it the runtime name `Name`; any other class is `Module.Name`.
/// - Objective-C: `@interface Name` and `@implementation Name` declare `Name`.
///
/// A scan, not a parse: comments and strings are not told apart, so a name in a comment counts as declared. The
/// finding it silences is a warning about a name nobody declares; a false silence is the cheaper error.
struct DeclaredClasses: Sendable, Equatable {
    /// Runtime names as written: `@objc(Name)` classes and Objective-C classes.
    var runtimeNames: Set<String> = []
    /// Swift classes without an `@objc` name: found as `Module.Name`.
    var swiftClasses: Set<String> = []
    /// The source files read.
    var files = 0
    /// Where they were looked for, for the finding that says so.
    var searched: [String] = []

    static let extensions = [".swift", ".m", ".mm", ".h"]
    /// Folders no app source lives in (build products, dependencies' checkouts, version control).
    static let skipped: Set<String> = [
        ".build", ".git", ".swiftpm", "DerivedData", "Pods", "Carthage", "node_modules",
        "build",
    ]
    /// Bounds on a scan of a folder nobody chose: files read, and bytes read from each.
    static let maximumFiles = 20_000, maximumFileBytes = 2 << 20

    /// Every source file under `roots` (folders or files), within the bounds.
    static func scan(_ roots: [String]) -> DeclaredClasses {
        var declared = DeclaredClasses(searched: roots)
        var pending = roots
        while let path = pending.popLast(), declared.files < maximumFiles {
            switch FileSystem.kind(of: path, followingLinks: false) {
            case .directory:
                guard case .success(let names) = FileSystem.listDirectory(path) else { continue }
                pending += names.sorted(by: >).filter { !skipped.contains($0) && !$0.hasPrefix(".") }
                    .map { path.appendingPathComponent($0) }
            case .file where extensions.contains(where: path.hasSuffix):
                guard case .success(let bytes) = FileSystem.readPrefix(path, count: maximumFileBytes) else { continue }
                declared.files += 1
                declared.read(String(decoding: bytes, as: UTF8.self), swift: path.hasSuffix(".swift"))
            default: continue
            }
        }
        return declared
    }

    /// Whether Core Data finds `name`: a runtime name declared, or `Module.Name` of a Swift class declared (any
    /// module when `module` is not known).
    func declares(_ name: String, module: String?) -> Bool {
        if runtimeNames.contains(name) { return true }
        guard let dot = name.lastIndex(of: ".") else { return false }
        let prefix = String(name[..<dot]), type = String(name[name.index(after: dot)...])
        return swiftClasses.contains(type) && (module == nil || module == prefix)
    }

    mutating func read(_ text: String, swift: Bool) {
        let words = Self.tokens(text)
        for (index, word) in words.enumerated() {
            if swift {
                if word == "@objc(", index + 2 < words.count, words[index + 2] == ")",
                    Self.classFollows(words, from: index + 3)
                {
                    runtimeNames.insert(words[index + 1])
                } else if word == "class", index + 1 < words.count, Self.isName(words[index + 1]),
                    !(index > 0 && words[index - 1] == "@objc(")
                {
                    swiftClasses.insert(words[index + 1])
                }
            } else if word == "@interface" || word == "@implementation", index + 1 < words.count,
                Self.isName(words[index + 1])
            {
                runtimeNames.insert(words[index + 1])
            }
        }
    }

    /// Whether `class` comes next, past modifiers and attributes (`public final class`, `@MainActor class`).
    private static func classFollows(_ words: [String], from start: Int) -> Bool {
        var index = start
        while index < words.count, index < start + 12 {
            let word = words[index]
            if word == "class" { return true }
            guard modifiers.contains(word) || word.hasPrefix("@") else { return false }
            index += 1
        }
        return false
    }

    private static let modifiers: Set<String> = [
        "public", "open", "internal", "fileprivate", "private", "final",
        "package", "nonisolated", "(", ")",
    ]
    private static let keywords: Set<String> = ["func", "var", "let", "subscript", "init", "deinit", "protocol"]

    private static func isName(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first, !keywords.contains(word) else { return false }
        return first == "_" || first.properties.isAlphabetic
    }

    /// Identifiers, `@word` and `@objc(` as one token each, and parentheses; everything else separates.
    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = [], current = ""
        func flush() {
            if !current.isEmpty { tokens.append(current) }
            current = ""
        }
        for scalar in text.unicodeScalars {
            if scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || (scalar == "@" && current.isEmpty)
            {
                current.unicodeScalars.append(scalar)
            } else if scalar == "(" && current == "@objc" {
                current += "("
                flush()
            } else {
                flush()
                if scalar == "(" || scalar == ")" { tokens.append(String(scalar)) }
            }
        }
        flush()
        return tokens
    }
}
