import Foundation

/// Where the compiled model ships: the plugin puts `Library.momd` into this target's resources.
public enum LibraryStore {
    public static var compiledModelURL: URL? {
        Bundle.module.url(forResource: LibraryModel.modelName, withExtension: "momd")
    }

    /// The Notes model's mapping model, compiled by the plugin: Core Data finds it here when it migrates a store of
    /// 'Notes' to 'Notes 2' (its `rating` turns from text into a number, which only a mapping model can do).
    public static var compiledMappingModelURL: URL? {
        Bundle.module.url(forResource: "NotesToNotes2", withExtension: "cdm")
    }

    /// Key paths come from the generated constants, so a renamed attribute fails to compile here.
    public static let bookTitleKey = LibraryModel.Book.Attributes.title.rawValue
}
