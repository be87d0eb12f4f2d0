/// Compiled output read back (`hashes`, `dump`, `store` against an app's compiled model): a `.momd`'s `.mom` files
/// in version order and its `VersionInfo.plist`, a `.mom`'s or `.cdm`'s keyed archive.
enum CompiledModelFiles {
    /// The `.mom` files of a `.momd` in version order with its `VersionInfo.plist` when readable; a lone `.mom` is
    /// itself. Fails only when the folder cannot be listed.
    static func contents(
        _ path: String
    ) -> Result<(files: [String], versionInfo: PropertyListValue?), FileSystem.ReadError> {
        guard path.hasSuffix(".momd") else { return .success(([path], nil)) }
        let names: [String]
        switch FileSystem.listDirectory(path) {
        case .success(let listed): names = listed
        case .failure(let error): return .failure(error)
        }
        let files = NaturalOrder.sorted(names.filter { $0.hasSuffix(".mom") }) { $0.removingSuffix(".mom") }
            .map { path.appendingPathComponent($0) }
        return .success((files, try? versionInfo(momd: path)))
    }

    /// A `.momd`'s `VersionInfo.plist`; throws why it cannot be read.
    static func versionInfo(momd: String) throws -> PropertyListValue {
        let plistPath = momd.appendingPathComponent("VersionInfo.plist")
        let bytes = try FileSystem.readFile(plistPath).get()
        return try XMLPropertyListReader.readAny(bytes, path: plistPath)
    }

    /// A compiled file's keyed archive: a failure when the file cannot be read, nil when it is no keyed archive.
    static func archive(_ file: String) -> Result<KeyedArchive?, FileSystem.ReadError> {
        FileSystem.readFile(file).map { try? KeyedArchive(bytes: $0) }
    }
}
