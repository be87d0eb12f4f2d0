/// A `ModelDiagram` as Graphviz DOT: one table-shaped node per entity (name bold, italic when abstract; one row per
/// attribute, optional ones marked `?`), a labelled edge per relationship with its cardinalities, and a hollow-arrow
/// edge from each subentity to its parent. Identifiers are always quoted and labels HTML-escaped, so any name draws.
enum DOTRenderer {
    static func render(_ diagram: ModelDiagram) -> String {
        var out = header(diagram.title)
        for node in diagram.nodes {
            let name = html(node.name)
            let header = node.isAbstract ? "<i>\(name)</i> (abstract)" : name
            var rows = "<tr><td bgcolor=\"#dde6f3\"><b>\(header)</b></td></tr>"
            for (attribute, type, optional) in node.attributes {
                rows += "<tr><td align=\"left\">\(html(attribute))\(optional ? "?" : ""): \(html(type))</td></tr>"
            }
            out +=
                "  \(quoted(node.name)) [label=<<table border=\"1\" cellborder=\"0\" cellspacing=\"0\" "
                + "cellpadding=\"4\">\(rows)</table>>];\n"
        }
        for edge in diagram.relationships {
            var attributes = ["label=\(quoted(edge.label))", "headlabel=\(quoted(edge.toCardinality))"]
            if let near = edge.fromCardinality {
                attributes += ["taillabel=\(quoted(near))", "dir=both", "arrowtail=normal"]
            }
            out += "  \(quoted(edge.from)) -> \(quoted(edge.to)) [\(attributes.joined(separator: ", "))];\n"
        }
        for (child, parent) in diagram.inheritance {
            out += "  \(quoted(child)) -> \(quoted(parent)) [arrowhead=empty, style=dashed];\n"
        }
        return out + "}\n"
    }

    /// The graph's opening: titled, left to right, table-shaped nodes.
    static func header(_ title: String, shape: String = "plain") -> String {
        "digraph \(quoted(title)) {\n"
            + "  graph [rankdir=LR, fontname=\"Helvetica\", label=\(quoted(title)), labelloc=t];\n"
            + "  node [shape=\(shape), fontname=\"Helvetica\"];\n"
            + "  edge [fontname=\"Helvetica\", fontsize=10];\n"
    }

    /// A DOT double-quoted string: `"` and `\` escaped, line breaks as spaces.
    static func quoted(_ text: String) -> String {
        "\"" + text.onOneLine().escaping(["\"": "\\\"", "\\": "\\\\"]) + "\""
    }

    /// Text inside an HTML-like label.
    static func html(_ text: String) -> String {
        text.onOneLine().escaping(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"])
    }
}
