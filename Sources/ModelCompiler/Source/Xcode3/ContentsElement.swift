/// One element of a model's `contents` XML as a plain value: what an Xcode 3 binary version converts to. The
/// same tree is read like any XML version (as `SourceElement`s) and written out by `convert`, so what openmomc
/// compiles from a binary version is exactly the XML it would convert it to.
struct ContentsElement: Sendable, Equatable {
    var name: String
    var attributes: [SourceAttribute]
    var children: [ContentsElement] = []
    /// What a diagnostic names for this element, which has no line: `Entity` or `Entity.property`.
    var label: String

    init(_ name: String, _ attributes: [(String, String)], label: String, children: [ContentsElement] = []) {
        self.name = name
        self.attributes = attributes.map { SourceAttribute(name: $0.0, value: $0.1) }
        self.children = children
        self.label = label
    }

    /// The tree as `SourceElement`s of an archive file at `path`, located by label. The tree is at most four
    /// levels deep (model, entity, property, userInfo entry), so the walks recurse.
    func sourceElement(path: String) -> SourceElement {
        var labels: [String] = []
        collectLabels(into: &labels)
        let file = SourceFile(archivePath: path, labels: labels)
        var next = 0
        return sourceElement(in: file, next: &next)
    }

    private func collectLabels(into labels: inout [String]) {
        labels.append(label)
        for child in children { child.collectLabels(into: &labels) }
    }

    private func sourceElement(in file: SourceFile, next: inout Int) -> SourceElement {
        var element = SourceElement(name: name, attributes: attributes, file: file, position: .archived(next))
        next += 1
        element.children = children.map { $0.sourceElement(in: file, next: &next) }
        return element
    }
}
