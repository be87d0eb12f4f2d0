/// Xcode's numbering of version names ("Model", "Model 2", ... "Model 10"): the next name for `new-version`, which
/// version a pointer was left behind by, and the newest version when no pointer names one.
enum VersionNaming {
    /// "Model 2" -> "Model 3", "DataV9" -> "DataV10", "Model" -> "Model 2"; skips names already taken.
    static func next(after name: String, existing: Set<String>) -> String {
        var (stem, number) = numbering(name)
        if number == .max { number = 1 }
        repeat { number += 1 } while existing.contains(stem + String(number))
        return stem + String(number)
    }

    /// A name's place in Xcode's numbering: its stem and number ("Model 3" -> ("Model ", 3), "Model" -> ("Model ", 1),
    /// "DataV9" -> ("DataV", 9)). Two names are in one series when their stems are equal.
    static func numbering(_ name: String) -> (stem: String, number: Int) {
        let digits = name.reversed().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return (name + " ", 1) }
        // A run of digits too long for Int is still a number, just past every other one.
        return (String(name.dropLast(digits.count)), Int(String(digits.reversed())) ?? .max)
    }

    /// The latest version of `name`'s series, when one is later than it by its number: the only sure sign that a
    /// pointer was left behind. A name is in its own numbered series ("Model 2" before "Model 3") and is also the
    /// first of the series it starts ("Model" before "Model 2", "DataV2", "Data_3"; "SampleModel3" before
    /// "SampleModel3_v2"). Names of other series say nothing ("Shared" beside "0.9"; "Model 8" beside
    /// "ModelIndexedKey"), whatever their order.
    static func laterInSeries(than name: String, among names: [String]) -> String? {
        let (stem, number) = numbering(name)
        let isNumbered = stem != name + " "
        let firstStems = Set(seriesSeparators.map { name + $0 })
        var latest: (name: String, number: Int)?
        for other in names where other != name {
            let (otherStem, otherNumber) = numbering(other)
            guard otherStem != other + " " else { continue }  // a name without a number starts a series
            let later =
                (isNumbered && otherStem == stem && otherNumber > number)
                || (firstStems.contains(otherStem) && otherNumber > 1)
            if later, otherNumber > latest?.number ?? .min { latest = (other, otherNumber) }
        }
        return latest?.name
    }

    /// What may follow a name that starts a series before its number ("Data" -> "DataV2", "Data_3", "Data 2").
    static let seriesSeparators = ["", " ", "_", "-", "v", "V", "_v", "_V", " v", " V", "-v"]

    /// The newest version when `.xccurrentversion` names none: the one later by Xcode's numbering (`laterInSeries`)
    /// than the most other versions (`Model 2` beside `Model` and `ModelOld`), the last in natural order among equals.
    /// Sorted names alone would take `ModelOld`, and every path from `Model 2` to it would be a downgrade. Counted
    /// through tables, not by comparing every pair: a bundle of thousands of versions costs no quadratic time.
    static func newest(of names: [String]) -> String? {
        let present = Set(names)
        let places = names.map(numbering)
        var numbers: [String: [Int]] = [:]
        for (name, place) in zip(names, places) where place.stem != name + " " {
            numbers[place.stem, default: []].append(place.number)
        }
        for stem in numbers.keys { numbers[stem]!.sort() }
        var best: (name: String, earlier: Int)?
        for (name, (stem, number)) in zip(names, places) {
            var earlier = 0
            if stem != name + " " {
                // Numbered versions of the same series with a lower number, found by bisection.
                let sorted = numbers[stem] ?? []
                var low = 0, high = sorted.count
                while low < high {
                    let mid = (low + high) / 2
                    if sorted[mid] < number { low = mid + 1 } else { high = mid }
                }
                earlier += low
                // The name the series starts with ("Data" for "DataV2").
                if number > 1 {
                    earlier +=
                        Set(
                            seriesSeparators.compactMap { separator -> String? in
                                guard stem.hasSuffix(separator) else { return nil }
                                let base = String(stem.dropLast(separator.count))
                                return base != name && present.contains(base) ? base : nil
                            }
                        ).count
                }
            }
            if earlier >= best?.earlier ?? 0 { best = (name, earlier) }
        }
        return best?.name
    }
}
