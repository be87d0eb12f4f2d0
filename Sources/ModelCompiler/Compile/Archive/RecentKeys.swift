/// Hints for numbering an object's keys without hashing them: the key last seen at each position, and the key
/// last seen after each key. Archived objects of one class repeat the same keys in the same order, but an optional
/// field (`NSIsOptional`) shifts the positions after it; the key that follows a given key rarely changes. Comparing
/// with a hint is much cheaper than hashing the key again. Only hints: a key's number never changes once it has one.
struct RecentKeys {
    private var byPosition: [(text: String, number: Int)] = []
    /// By the previous key's number (numbers must be dense: an archive's string numbers).
    private var byPrevious: [(text: String, number: Int)] = []

    func number(of key: String, at position: Int, after previous: Int? = nil) -> Int? {
        if position < byPosition.count, byPosition[position].text == key { return byPosition[position].number }
        if let previous, previous < byPrevious.count, byPrevious[previous].number >= 0,
            byPrevious[previous].text == key
        {
            return byPrevious[previous].number
        }
        return nil
    }

    mutating func remember(_ key: String, _ number: Int, at position: Int, after previous: Int? = nil) {
        if position < byPosition.count {
            byPosition[position] = (key, number)
        } else if position == byPosition.count {
            byPosition.append((key, number))
        }
        guard let previous else { return }
        if previous >= byPrevious.count {
            byPrevious.append(contentsOf: repeatElement((text: "", number: -1), count: previous + 1 - byPrevious.count))
        }
        byPrevious[previous] = (key, number)
    }
}
