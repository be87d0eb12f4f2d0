/// Whether Core Data can load each migration policy class a mapping model names (`NSClassFromString` at migration
/// time). With the app's sources read (`DeclaredClasses`), a class they declare under that runtime name is silent
/// (`@objc(StoreAppToStoreAppMigrationPolicy) class StoreAppToStoreAppMigrationPolicy`, an Objective-C
/// `@interface`, a Swift class whose module-qualified name matches), and one they do not is a warning that says where
/// it was looked for. Without sources, only a Swift app's name without a module is questioned, and the finding says
/// what would make it load rather than claiming the migration fails.
enum PolicyClassLookup {
    static func findings(
        _ input: MappingModelRule.Input, swift: Bool, module: String?,
        declared: DeclaredClasses?
    ) -> [Diagnostic] {
        input.model.entityMappings.compactMap { mapping -> Diagnostic? in
            guard let name = mapping.migrationPolicyClassName, !name.isEmpty else { return nil }
            let mappingName = input.compiled.entityMappings.first { $0.location == mapping.location }?.name ?? name
            let qualified = name.contains(".")
            if let declared, declared.files > 0 {
                guard !declared.declares(name, module: module) else { return nil }
                let looked =
                    qualified
                    ? "a Swift class '\(name.split(separator: ".").last ?? "")'"
                        + (module.map { " in module '\($0)'" } ?? "")
                    : "a class named '\(name)' (@objc(\(name)) on a Swift class, or an Objective-C @interface)"
                let fix =
                    qualified
                    ? "correct the name in the mapping model"
                    : (swift
                        ? "give the class @objc(\(name)), or write '\(module ?? "YourModule").\(name)' in the mapping model"
                        : "declare the class, or correct the name in the mapping model")
                return .warning(
                    .mappingPolicyNotQualified,
                    "the migration policy class '\(name)' of '\(mappingName)' "
                        + "was not found: \(looked) was looked for in the \(declared.files) Swift and Objective-C files "
                        + "under \(declared.searched.map { "'\($0)'" }.joined(separator: ", ")); unless a framework the app "
                        + "links declares it, Core Data cannot load class '\(name)' and the migration fails "
                        + "(NSMigrationError 134110); \(fix)", at: mapping.location)
            }
            guard swift, !qualified else { return nil }
            return .warning(
                .mappingPolicyNotQualified,
                "the migration policy class '\(name)' of '\(mappingName)' has "
                    + "no module, and no Swift or Objective-C sources were found around the model to look for it in: Core "
                    + "Data finds a Swift class by this name only if it is declared @objc(\(name)); otherwise write "
                    + "'\(module ?? "YourModule").\(name)'", at: mapping.location)
        }
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let mappingPolicyNotQualified: DiagnosticCode = "mapping-policy-not-qualified"
}
