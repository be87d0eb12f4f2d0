/// How an attribute that both versions have changes, and what inferred migration does with it.
extension PairAnalysis {
    mutating func compareAttributes(
        _ a: Attribute, _ b: Attribute, label: @autoclosure () -> String,
        subject: @autoclosure () -> String, at location: @autoclosure () -> SourceLocation
    ) {
        if a.type != b.type, let from = a.type, let to = b.type, to.conversion(from: from) != .notInferable {
            // Apple lists numeric conversion among inferred migration's changes (WWDC 2010 "Mastering Core Data"); a
            // shipping app's own test infers Integer 64 -> Double and reads 1 back as 1.0. Pairs nobody has shown
            // either way are said as such, never as failures (Docs/CompatibilityChoices.md).
            if to.conversion(from: from) == .converted {
                let change =
                    to.widens(from)
                    ? "widens from \(from.rawValue) to \(to.rawValue)"
                    : "changes type from \(from.rawValue) to \(to.rawValue)"
                add(
                    .inferable, .migrationInferable, subject(),
                    "\(label()) \(change): inferred migration converts each "
                        + "value", at: location())
            } else {
                add(
                    .inferable, .migrationNumericConversion, subject(),
                    "\(label()) changes type from \(from.rawValue) "
                        + "to \(to.rawValue): whether inferred migration converts each value (\(Self.conversionRisk(from, to))) "
                        + "or refuses the store is unverified", at: location(),
                    advice:
                        "test the upgrade on a fixture store (`openmomc fixtures`), or add a new attribute and copy "
                        + "the values in code")
            }
        } else if a.type != b.type {
            add(
                .notInferable, .migrationTypeChange, subject(),
                "\(label()) changes type from \(a.type?.rawValue ?? "?") to \(b.type?.rawValue ?? "?"): inferred migration never "
                    + "converts values and the store fails to open (NSCocoaErrorDomain 134140)", at: location(),
                advice: "rename the old attribute, add a new one of the new type and backfill it in code")
        }
        if a.isOptional && !b.isOptional && !b.hasCompiledDefault {
            add(
                .notInferable, .migrationRequiredWithoutDefault, subject(),
                "\(label()) becomes non-optional without a default value: rows without a value fail migration "
                    + "(NSCocoaErrorDomain 134110)", at: location(), advice: "give it a default")
        } else if a.isOptional != b.isOptional {
            add(
                .inferable, .migrationInferable, subject(),
                "\(label()) becomes \(b.isOptional ? "optional" : "non-optional with a default")", at: location())
        }
        if a.allowsExternalBinaryDataStorage != b.allowsExternalBinaryDataStorage {
            add(
                .inferable, .migrationInferable, subject(), "\(label()) toggles external binary storage", at: location()
            )
        }
    }

    /// What converting a value can do to it, said for a numeric type change without evidence.
    static func conversionRisk(_ from: AttributeType, _ to: AttributeType) -> String {
        switch (from, to) {
        case (.double, _) where to.isInteger, (.float, _) where to.isInteger, (.decimal, _) where to.isInteger:
            "fractions would be cut off and large values overflow"
        case (_, .decimal): "each value would become a Decimal"
        case (.decimal, _): "Decimal values would be rounded to binary floating point"
        case (.double, .float): "values would be rounded to Float"
        case (_, .float): "large integers would be rounded"
        default: "larger values would overflow"
        }
    }
}
