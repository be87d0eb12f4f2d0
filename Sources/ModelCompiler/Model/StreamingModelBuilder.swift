/// Types a version's `<model>` while the parser is still reading it: each top-level element (an entity, a fetch
/// request, a configuration) is typed on another core as soon as it has been read, and its element tree freed;
/// the model's own settings once the root is complete. The model and findings are those of `ModelBuilder.build`.
final class StreamingModelBuilder: Sendable {
    /// Entities average some 25 elements: a batch is large enough to outweigh handing it over, small enough that
    /// little is left to type when the parse ends.
    static let batchSize = 16

    private let work = StreamedWork<SourceElement, ModelBuilder.TypedChildren>(batchSize: batchSize) {
        ModelBuilder.typeChildren($0)
    }

    /// What the parser hands the root's children to.
    var stream: TopLevelStream { TopLevelStream(rootName: "model", receive: work.add) }

    /// The model, once the parse has succeeded with `root` (whose children were streamed).
    func finish(_ root: SourceElement, versionName: String, file: String) -> (ManagedObjectModel?, [Diagnostic]) {
        ModelBuilder.build(root, versionName: versionName, file: file, typed: work.finish())
    }

    /// After a failed parse: what was typed is dropped (the file is not a model), once any batch under way is done.
    func discard() { work.discard() }
}
