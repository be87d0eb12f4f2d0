/// A `ChangeDiagram` as DOT and as Mermaid: one colour per kind of change, the same in both, with a legend.
enum ChangeRenderers {
    /// (text colour, fill) per status; unchanged is drawn as the plain model diagram draws it.
    static let colours: [ChangeDiagram.Status: (String, String)] = [
        .unchanged: ("#000000", "#eeeeee"), .added: ("#2e7d32", "#c8e6c9"), .removed: ("#c62828", "#ffcdd2"),
        .renamed: ("#1565c0", "#bbdefb"), .changed: ("#ef6c00", "#ffe0b2"),
    ]

    static func dot(_ diagram: ChangeDiagram) -> String {
        let quoted = DOTRenderer.quoted, html = DOTRenderer.html
        var out = DOTRenderer.header(diagram.title)
        for node in diagram.nodes {
            let (ink, fill) = colours[node.status]!
            var header = node.isAbstract ? "<i>\(html(node.name))</i> (abstract)" : html(node.name)
            if let old = node.oldName { header += " (was \(html(old)))" }
            if node.status != .unchanged { header += " [\(node.status.rawValue)]" }
            var rows = "<tr><td bgcolor=\"\(fill)\"><font color=\"\(ink)\"><b>\(header)</b></font></td></tr>"
            for row in node.rows {
                var text = "\(html(row.name))\(row.isOptional ? "?" : ""): \(html(row.type))"
                if let old = row.oldName { text += " (was \(html(old)))" }
                if row.status == .removed { text = "<s>\(text)</s>" }
                if row.status != .unchanged { text = "<font color=\"\(colours[row.status]!.0)\">\(text)</font>" }
                rows += "<tr><td align=\"left\">\(text)</td></tr>"
            }
            out +=
                "  \(quoted(node.id)) [label=<<table border=\"1\" cellborder=\"0\" cellspacing=\"0\" "
                + "cellpadding=\"4\" color=\"\(ink)\">\(rows)</table>>];\n"
        }
        for edge in diagram.relationships {
            var attributes = [
                "label=\(quoted(edge.label))", "headlabel=\(quoted(edge.cardinality))",
                "color=\(quoted(colours[edge.status]!.0))", "fontcolor=\(quoted(colours[edge.status]!.0))",
            ]
            if edge.status == .removed { attributes.append("style=dashed") }
            out += "  \(quoted(edge.from)) -> \(quoted(edge.to)) [\(attributes.joined(separator: ", "))];\n"
        }
        for pair in diagram.inheritance {
            out += "  \(quoted(pair[0])) -> \(quoted(pair[1])) [arrowhead=empty, style=dashed];\n"
        }
        let legend = ChangeDiagram.Status.allCases.map { status in
            let (ink, fill) = colours[status]!
            return "<tr><td bgcolor=\"\(fill)\"><font color=\"\(ink)\">\(status.rawValue)</font></td></tr>"
        }.joined()
        out +=
            "  \"legend\" [label=<<table border=\"1\" cellborder=\"0\" cellspacing=\"0\" cellpadding=\"4\">"
            + "<tr><td><b>legend</b></td></tr>\(legend)</table>>];\n"
        return out + "}\n"
    }

    static func mermaid(_ diagram: ChangeDiagram) -> String {
        let name = MermaidRenderer.name, member = MermaidRenderer.member
        var out = MermaidRenderer.header(diagram.title)
        for node in diagram.nodes {
            out += "  class \(name(node.id)) {\n"
            // One annotation (Mermaid draws one): abstract, and what the upgrade does to the entity.
            var notes = node.isAbstract ? ["abstract"] : []
            if node.status != .unchanged {
                notes.append(node.status.rawValue + (node.oldName.map { " from \(member($0))" } ?? ""))
            }
            if !notes.isEmpty { out += "    <<\(notes.joined(separator: ", "))>>\n" }
            for row in node.rows {
                let note =
                    row.status == .unchanged
                    ? ""
                    : " «\(row.status.rawValue)\(row.oldName.map { " from \(member($0))" } ?? "")»"
                let type = member(row.type.filter { $0 != " " }) + (row.isOptional ? "?" : "")
                out += "    +\(type) \(member(row.name))\(note)\n"
            }
            out += "  }\n"
        }
        for edge in diagram.relationships {
            let note = edge.status == .unchanged ? "" : " «\(edge.status.rawValue)»"
            out += "  \(name(edge.from)) --> \"\(edge.cardinality)\" \(name(edge.to)) : \(member(edge.label))\(note)\n"
        }
        for pair in diagram.inheritance { out += "  \(name(pair[1])) <|-- \(name(pair[0]))\n" }
        for status in ChangeDiagram.Status.allCases where status != .unchanged {
            let (ink, fill) = colours[status]!
            out += "  classDef \(status.rawValue) fill:\(fill),stroke:\(ink),color:\(ink)\n"
            let members = diagram.nodes.filter { $0.status == status }.map { name($0.id) }
            if !members.isEmpty { out += "  cssClass \"\(members.joined(separator: ","))\" \(status.rawValue)\n" }
        }
        return out
    }
}
