enum VersionNaming {
    /// "Model 2" -> "Model 3", "DataV9" -> "DataV10", "Model" -> "Model 2"; skips names already taken.
    static func next(after name: String, existing: Set<String>) -> String {
        let digits = name.reversed().prefix { $0.isASCII && $0.isNumber }
        var stem = String(name.dropLast(digits.count))
        var number = Int(String(digits.reversed())) ?? 1
        if digits.isEmpty { stem += " " }
        repeat { number += 1 } while existing.contains(stem + String(number))
        return stem + String(number)
    }
}
