/// `hashes`, `dump` and `store` against compiled output (`.mom`, `.momd`): the files are read by Source
/// (`CompiledModelFiles`), typed back (`ModelUnarchiver`) and hashed where a `VersionInfo.plist` does not record the
/// hashes.
enum CompiledModelInspection {
    static func hashes(momd: String) -> (reports: [VersionHashReport], diagnostics: [Diagnostic], inputFailed: Bool) {
        let plistPath = momd.appendingPathComponent("VersionInfo.plist")
        do {
            let info = try VersionInfo(propertyList: CompiledModelFiles.versionInfo(momd: momd))
            let reports = NaturalOrder.sorted(info.versionHashes.keys).map { version in
                VersionHashReport(
                    bundle: momd, version: version, isCurrent: info.currentVersionName == version,
                    checksum: info.versionChecksums[version],
                    entityHashes: info.versionHashes[version, default: [:]])
            }
            return (reports, [], false)
        } catch {
            return (
                [],
                [
                    .error(
                        .unreadableFile, "cannot read VersionInfo.plist: \(error)", at: SourceLocation(file: plistPath))
                ], true
            )
        }
    }

    /// A lone compiled version records no hashes (only `VersionInfo.plist` does): they are computed from the
    /// model the archive holds, as for a source model.
    static func hashes(mom: String) -> (reports: [VersionHashReport], diagnostics: [Diagnostic], inputFailed: Bool) {
        let version = mom.lastPathComponent.removingSuffix(".mom")
        guard case .success(let archive?) = CompiledModelFiles.archive(mom),
            let model = ModelUnarchiver.model(from: archive, versionName: version, file: mom)
        else {
            return (
                [], [.error(.unreadableFile, "not a readable compiled Core Data model", at: SourceLocation(file: mom))],
                true
            )
        }
        if let damage = archive.damage ?? structuralDamage(model) { return ([], [damaged(mom, damage)], true) }
        let hashes = VersionHasher.hashes(for: model)
        return (
            [
                VersionHashReport(
                    bundle: mom, version: version, isCurrent: true, checksum: hashes.versionChecksum,
                    entityHashes: hashes.entityHashes)
            ], [], false
        )
    }

    static func dump(_ path: String) -> (lines: [DumpLine], diagnostics: [Diagnostic], inputFailed: Bool) {
        guard case .success(let (files, recorded)) = contents(path) else {
            return ([], [.error(.unreadableFile, "cannot read folder", at: SourceLocation(file: path))], true)
        }
        var lines: [DumpLine] = []
        for file in files {
            let version = file.lastPathComponent.removingSuffix(".mom")
            guard case .success(let archive?) = CompiledModelFiles.archive(file) else {
                return (
                    [],
                    [
                        .error(
                            .unreadableFile, "not a readable compiled Core Data model", at: SourceLocation(file: file))
                    ], true
                )
            }
            let prefix = path.hasSuffix(".momd") ? version + ":" : ""
            lines += DumpLines.archive(archive, prefix: prefix)
            if let damage = archive.damage {
                // What could be read stays listed, marked, before the error.
                lines.append(DumpLine(path: prefix + "damaged", value: damage))
                return (lines, [damaged(file, damage)], true)
            }
            if let recorded, let hashes = recorded.versionHashes[version] {
                // What the bundle says about itself, exactly as recorded.
                lines += DumpLines.hashes(
                    entityHashes: hashes, checksum: recorded.versionChecksums[version], prefix: prefix)
            } else if let model = ModelUnarchiver.model(from: archive, versionName: version, file: file) {
                if let damage = structuralDamage(model) { return (lines, [damaged(file, damage)], true) }
                lines += DumpLines.hashes(VersionHasher.hashes(for: model), prefix: prefix)
            }
        }
        return (lines, [], false)
    }

    /// A compiled `.momd` (or lone `.mom`) as compiled versions, for matching a store when only the app's compiled
    /// model is at hand: each `.mom` read back into the model it holds and hashed as a source version would be.
    /// The current version is the one `VersionInfo.plist` names, else the newest.
    static func versions(
        _ path: String
    ) -> Result<
        (name: String, versions: [CompiledVersion], current: CompiledVersion?),
        Diagnostic
    > {
        let here = SourceLocation(file: path)
        guard case .success(let (files, recorded)) = contents(path) else {
            return .failure(.error(.unreadableFile, "cannot read folder", at: here))
        }
        var versions: [CompiledVersion] = []
        for file in files {
            let name = file.lastPathComponent.removingSuffix(".mom")
            guard case .success(let archive?) = CompiledModelFiles.archive(file),
                let model = ModelUnarchiver.model(from: archive, versionName: name, file: file)
            else {
                return .failure(
                    .error(.unreadableFile, "not a readable compiled Core Data model", at: SourceLocation(file: file)))
            }
            if let damage = archive.damage ?? structuralDamage(model) { return .failure(damaged(file, damage)) }
            versions.append(VersionCompiler.compile(model))
        }
        guard !versions.isEmpty else { return .failure(.error(.notAModel, "no .mom inside this .momd", at: here)) }
        let current =
            recorded?.currentVersionName.flatMap { name in versions.first { $0.versionName == name } }
            ?? versions.last
        let bundleName = path.lastPathComponent.removingSuffix(".momd").removingSuffix(".mom")
        return .success((bundleName, versions, current))
    }

    /// An entity that is its own ancestor, or a parent that is not there: a `.mom` momc never writes.
    private static func structuralDamage(_ model: ManagedObjectModel) -> String? {
        ModelValidator.structuralErrors(model).first.map(\.message)
    }

    private static func damaged(_ file: String, _ damage: String) -> Diagnostic {
        .error(
            .unreadableFile, "the compiled model is damaged: \(damage); nothing read from it can be trusted",
            at: SourceLocation(file: file))
    }

    /// The `.mom` files of a `.momd` in version order with its `VersionInfo.plist` when readable (`Source`).
    private static func contents(
        _ path: String
    ) -> Result<(files: [String], recorded: VersionInfo?), FileSystem.ReadError> {
        CompiledModelFiles.contents(path).map { files, plist in
            (files, plist.flatMap { try? VersionInfo(propertyList: $0) })
        }
    }
}
