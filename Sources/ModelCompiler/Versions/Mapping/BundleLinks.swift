/// A history kept in several bundles: some packages keep each version in a bundle of its own (`Model_1.xcdatamodeld`,
/// `Model_2.xcdatamodeld`, ...) with mapping models between them. A mapping model whose source matches a version of
/// one bundle and whose destination matches a version of another links the two; bundles linked that way are one
/// history, checked as one (#49). Core Data does the same at run time: it finds a store's model among every model
/// of the app, and a mapping model among every mapping model.
enum BundleLinks {
    struct Member {
        var path: String
        var versions: [CompiledVersion]
    }

    /// Two or more linked members, in history order, and the mapping models that link them.
    struct Group: Equatable {
        var members: [Int]
        var mappingModels: [String]
    }

    /// The members each mapping model leaves from and reaches (by index), when they differ.
    static func links(_ members: [Member], inputs: [MappingModelRule.Input]) -> [(from: Int, to: Int, input: Int)] {
        let hashes = members.map { member in member.versions.map { ($0.versionName, $0.entityHashes) } }
        var links: [(from: Int, to: Int, input: Int)] = []
        for (index, input) in inputs.enumerated() {
            let matched = hashes.map { MappingModelRule.matches(input, $0) }
            for from in matched.indices where !matched[from].sources.isEmpty {
                for to in matched.indices where to != from && !matched[to].destinations.isEmpty {
                    links.append((from, to, index))
                }
            }
        }
        return links
    }

    /// The groups of linked members, each in history order (a member a mapping model leaves before the one it
    /// reaches; otherwise, and in a cycle, the order given), in the order of their first member.
    static func groups(_ members: [Member], inputs: [MappingModelRule.Input]) -> [Group] {
        let found = links(members, inputs: inputs)
        var parent = Array(members.indices)
        func root(_ index: Int) -> Int {
            var index = index
            while parent[index] != index { index = parent[index] }
            return index
        }
        for link in found { parent[root(link.to)] = root(link.from) }
        var byRoot: [Int: [Int]] = [:]
        for index in members.indices { byRoot[root(index), default: []].append(index) }
        return byRoot.values.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }.map { group in
            let inside = found.filter { group.contains($0.from) && group.contains($0.to) }
            let names = inside.map { inputs[$0.input].path }
            return Group(
                members: ordered(group, edges: inside.map { ($0.from, $0.to) }),
                mappingModels: names.enumerated().filter { !names[..<$0.offset].contains($0.element) }
                    .map(\.element))
        }
    }

    /// `members` in an order where every edge goes forward, taking the earliest member that nothing left waits on.
    static func ordered(_ members: [Int], edges: [(Int, Int)]) -> [Int] {
        var left = members, result: [Int] = []
        while !left.isEmpty {
            let next =
                left.first { candidate in
                    !edges.contains { $0.1 == candidate && $0.0 != candidate && left.contains($0.0) }
                } ?? left[0]
            result.append(next)
            left.removeAll { $0 == next }
        }
        return result
    }
}
