/// A `ModelDiagram` as a Mermaid class diagram (GitHub renders it in Markdown): a class per entity with its
/// attributes as members (`+String? title`), `<<abstract>>` marked, associations with both ends' cardinalities, and
/// `Parent <|-- Child` for inheritance. Entity and property names are identifiers (the model rules see to it);
/// anything else is written with Mermaid's backquoted class names and stripped of the characters its members reserve.
enum MermaidRenderer {
    static func render(_ diagram: ModelDiagram) -> String {
        var out = header(diagram.title)
        for node in diagram.nodes {
            out += "  class \(name(node.name)) {\n"
            if node.isAbstract { out += "    <<abstract>>\n" }
            for (attribute, type, optional) in node.attributes {
                out += "    +\(member(type.filter { $0 != " " }))\(optional ? "?" : "") \(member(attribute))\n"
            }
            out += "  }\n"
        }
        for edge in diagram.relationships {
            let near = edge.fromCardinality.map { "\"\($0)\" " } ?? ""
            let arrow = edge.fromCardinality == nil ? "-->" : "--"
            out +=
                "  \(name(edge.from)) \(near)\(arrow) \"\(edge.toCardinality)\" \(name(edge.to)) : \(member(edge.label))\n"
        }
        for (child, parent) in diagram.inheritance {
            out += "  \(name(parent)) <|-- \(name(child))\n"
        }
        // Mermaid refuses a class diagram with no statement; a version without entities says so instead.
        if diagram.nodes.isEmpty { out += "  note \"no entities\"\n" }
        return out
    }

    /// The front matter (YAML: the title in double quotes, which it may not contain itself) and the diagram's kind.
    static func header(_ title: String, kind: String = "classDiagram") -> String {
        return "---\ntitle: \"\(title.onOneLine(replacing: "\"\\"))\"\n---\n\(kind)\n"
    }

    /// A class name: as it is when it is an identifier, else backquoted (without backquotes of its own).
    static func name(_ text: String) -> String {
        if Identifier.isValid(text) { return text }
        return "`" + member(text).filter { $0 != "`" } + "`"
    }

    /// Text in a member or label: Mermaid reserves braces, angle brackets, tildes, quotes and line breaks there.
    static func member(_ text: String) -> String { text.onOneLine(replacing: "{}<>~\";:") }
}
