/// The versions of a bundle in order (`diagram --history`), shipped ones marked, with each upgrade path the app has
/// (its `openmomc.json` plan) coloured by its verdict: no migration, inferred, drops data, fails, or a mapping model.
struct HistoryDiagram: Equatable {
    enum Kind: String, CaseIterable, Sendable {
        case noMigration = "no migration", inferred, dropsData = "drops data", fails, mappingModel = "mapping model"

        /// Line colour.
        var colour: String {
            switch self {
            case .noMigration: "#9e9e9e"
            case .inferred: "#2e7d32"
            case .dropsData: "#ef6c00"
            case .fails: "#c62828"
            case .mappingModel: "#1565c0"
            }
        }

        init(_ verdict: MigrationVerdict) {
            switch verdict {
            case .noMigrationNeeded: self = .noMigration
            case .inferable: self = .inferred
            case .dataLoss: self = .dropsData
            case .notInferable: self = .fails
            }
        }
    }

    struct Version: Equatable {
        var name: String
        var shipped: Bool
        var current: Bool
    }

    struct Path: Equatable {
        var from: String
        var to: String
        var kind: Kind
        /// The mapping model's file, for a hop one covers.
        var mappingModel: String?
    }

    var title: String
    var versions: [Version]
    var paths: [Path]

    static func dot(_ diagram: HistoryDiagram) -> String {
        let quoted = DOTRenderer.quoted
        var out = DOTRenderer.header(diagram.title, shape: "box")
        for version in diagram.versions {
            var attributes = ["label=\(quoted(label(version)))"]
            if version.shipped { attributes += ["style=filled", "fillcolor=\"#eeeeee\""] }
            if version.current { attributes.append("penwidth=2") }
            out += "  \(quoted(version.name)) [\(attributes.joined(separator: ", "))];\n"
        }
        // The versions' order, drawn faintly so that the paths stand out.
        for (a, b) in zip(diagram.versions, diagram.versions.dropFirst()) {
            out += "  \(quoted(a.name)) -> \(quoted(b.name)) [style=invis, weight=10];\n"
        }
        for path in diagram.paths {
            let text = path.mappingModel ?? path.kind.rawValue
            out +=
                "  \(quoted(path.from)) -> \(quoted(path.to)) [label=\(quoted(text)), "
                + "color=\(quoted(path.kind.colour)), fontcolor=\(quoted(path.kind.colour))\(path.kind == .fails ? ", penwidth=2" : "")];\n"
        }
        let legend = Kind.allCases.map { "<tr><td><font color=\"\($0.colour)\">\($0.rawValue)</font></td></tr>" }
            .joined()
        out +=
            "  \"legend\" [shape=plain, label=<<table border=\"1\" cellborder=\"0\" cellspacing=\"0\" "
            + "cellpadding=\"4\"><tr><td><b>legend</b></td></tr>\(legend)</table>>];\n"
        return out + "}\n"
    }

    static func mermaid(_ diagram: HistoryDiagram) -> String {
        var out = MermaidRenderer.header(diagram.title, kind: "flowchart LR")
        let ids = Dictionary(diagram.versions.enumerated().map { ($1.name, "v\($0)") }, uniquingKeysWith: { a, _ in a })
        for version in diagram.versions {
            out += "  \(ids[version.name]!)[\"\(text(label(version)))\"]\n"
        }
        var styles: [String] = []
        for path in diagram.paths {
            guard let from = ids[path.from], let to = ids[path.to] else { continue }
            out += "  \(from) -->|\"\(text(path.mappingModel ?? path.kind.rawValue))\"| \(to)\n"
            // Mermaid styles a link by its position among the links drawn.
            styles.append("  linkStyle \(styles.count) stroke:\(path.kind.colour),color:\(path.kind.colour)\n")
        }
        return out + styles.joined()
    }

    private static func label(_ version: Version) -> String {
        let marks = (version.shipped ? ["shipped"] : []) + (version.current ? ["current"] : [])
        return version.name + (marks.isEmpty ? "" : " (" + marks.joined(separator: ", ") + ")")
    }

    /// Text inside a Mermaid quoted label: no double quotes or line breaks.
    private static func text(_ text: String) -> String { text.onOneLine(replacing: "\"") }
}
