/// NSString's numeric readings of model text (`longLongValue`, `doubleValue`): leading white space is skipped, the
/// longest number at the start is read and the rest ignored; text that starts with no number reads as 0. Only
/// decimal spellings are numbers (no `inf`, `nan` or hexadecimal, which Swift's own parsers would take).
/// "Exact" means the whole text, spaces aside, is that number, so a reader of the model sees what is compiled.
enum NumberText {
    static func isLeadingSpace(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\n" || character == "\r"
    }

    /// `longLongValue`: sign and digits; past Int64's range the nearest end of it, as NSString saturates. Exact when
    /// the text is a decimal number equal to the result (`"0.0"` and `"12"` are; `"12.5"`, `"NO"`, `"12abc"` not).
    static func integer(_ text: String) -> (value: Int64, exact: Bool) {
        // Nearly every integer a model holds is plain digits: read in one pass, without the general checks below.
        if let plain = plainInteger(text) { return (plain, true) }
        var rest = Substring(text).drop(while: isLeadingSpace)
        var negative = false
        if let sign = rest.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            rest = rest.dropFirst()
        }
        // Accumulated negatively, so that Int64.min itself is read without overflow.
        var value: Int64 = 0
        var saturated = false
        for character in rest {
            guard character.isASCII, let digit = character.wholeNumberValue else { break }
            let (multiplied, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (added, overflow2) = multiplied.subtractingReportingOverflow(Int64(digit))
            if overflow1 || overflow2 { saturated = true; break }
            value = added
        }
        if !negative, value == .min { saturated = true }
        let result: Int64 = saturated ? (negative ? .min : .max) : negative ? value : -value
        let exact =
            !saturated && realPrefix(text).exact
            && Double(text.trimmingSpaces).map { $0 == Double(result) && $0.rounded(.towardZero) == $0 } == true
        return (result, exact)
    }

    /// Text that is only an optional `-` and up to 18 ASCII digits, as a number; nil for anything else.
    private static func plainInteger(_ text: String) -> Int64? {
        var utf8 = text.utf8[...]
        let negative = utf8.first == UInt8(ascii: "-")
        if negative { utf8 = utf8.dropFirst() }
        guard !utf8.isEmpty, utf8.count <= 18 else { return nil }
        var value: Int64 = 0
        for byte in utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }

    /// `doubleValue`: the nearest Double to the leading decimal number (infinite past Double's range), or 0.
    static func real(_ text: String) -> (value: Double, exact: Bool) {
        let (prefix, exact) = realPrefix(text)
        return (prefix.flatMap { Double(String($0)) } ?? 0, exact)
    }

    /// The leading decimal number (`[sign] digits [. digits] [e [sign] digits]`, at least one digit in the
    /// mantissa), or nil; exact when nothing but white space follows it.
    static func realPrefix(_ text: String) -> (prefix: Substring?, exact: Bool) {
        let trimmed = Substring(text).drop(while: isLeadingSpace)
        let scalars = Array(trimmed.utf8)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < scalars.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(scalars[index]) { index += 1 }
            return index - start
        }
        func sign() {
            let byte = index < scalars.count ? scalars[index] : 0
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") { index += 1 }
        }
        sign()
        var mantissaDigits = digits()
        if index < scalars.count, scalars[index] == UInt8(ascii: ".") {
            index += 1
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return (nil, false) }
        var end = index
        if index < scalars.count, scalars[index] == UInt8(ascii: "e") || scalars[index] == UInt8(ascii: "E") {
            index += 1
            sign()
            if digits() > 0 { end = index }
        }
        let prefix = trimmed.utf8.prefix(end)
        let rest = trimmed.utf8.dropFirst(end)
        let exact = rest.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == 10 || $0 == 13 }
        return (Substring(prefix), exact)
    }

    /// A real as a warning shows it: whole numbers without a fraction, others as Swift prints them.
    static func describe(_ value: Double) -> String {
        if value.isFinite, value.rounded(.towardZero) == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
