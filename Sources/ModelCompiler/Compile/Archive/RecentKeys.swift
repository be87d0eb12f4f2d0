/// The key last seen at each position of a dictionary, with its number. Archived objects of one class repeat the
/// same keys in the same order: comparing with the key last at this position is much cheaper than hashing it
/// again. Only a hint: a key's number never changes once it has one.
struct RecentKeys {
    private var entries: [(text: String, number: Int)] = []

    func number(of key: String, at position: Int) -> Int? {
        position < entries.count && entries[position].text == key ? entries[position].number : nil
    }

    mutating func remember(_ key: String, _ number: Int, at position: Int) {
        if position < entries.count {
            entries[position] = (key, number)
        } else if position == entries.count {
            entries.append((key, number))
        }
    }
}
