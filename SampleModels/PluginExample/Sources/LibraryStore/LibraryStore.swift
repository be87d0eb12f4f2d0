import Foundation

/// Where the compiled model ships: the plugin puts `Library.momd` into this target's resources.
public enum LibraryStore {
    public static var compiledModelURL: URL? {
        Bundle.module.url(forResource: LibraryModel.modelName, withExtension: "momd")
    }

    /// Key paths come from the generated constants, so a renamed attribute fails to compile here.
    public static let bookTitleKey = LibraryModel.Book.Attributes.title.rawValue
}
