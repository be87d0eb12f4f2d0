#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// The files a compiled model consists of: `Name.momd/Version.mom` ... `VersionInfo.plist`, or `Name.mom`.
struct CompiledOutput: Sendable {
    /// `Name.momd` or `Name.mom`.
    var name: String
    var isBundle: Bool
    /// File name inside the `.momd` (or the `.mom` name itself) -> bytes, in a fixed order.
    var files: [(name: String, bytes: [UInt8])]
}

/// Writes compiled models and generated code into an output folder, each item atomically.
enum OutputWriter {
    /// The output folder, created with its parents when missing, as compilers do; a path that is something else
    /// is refused (`outputNotAFolder`: bad usage).
    static func prepare(_ directory: String) -> Diagnostic? {
        let here = SourceLocation(file: directory)
        switch FileSystem.kind(of: directory) {
        case .directory: return nil
        case .missing:
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                return nil
            } catch {
                return .error(
                    .outputNotWritable, "cannot create the output folder: \(FileSystem.reason(error))",
                    at: here)
            }
        default: return .error(.outputNotAFolder, "the output path exists and is not a folder", at: here)
        }
    }

    /// A file the previous output already holds byte for byte is not written again: a lone `.mom` is left in place,
    /// and a `.momd`'s new folder links the old folder's file (a new name for the same, never changed, bytes) before
    /// it takes the old folder's place; a `.momd` that would come out the same, file for file, stays as it is. Either
    /// way a kept file's modification time is now, as if written. Most compiles of a long history change one
    /// version's file, and creating files is what costs on some file systems.
    /// `inputs`: what the verb read; an output that is one of them, or lies inside one, is refused.
    static func write(
        _ compiled: CompiledOutput, into directory: String,
        inputs: [OutputPathGuard.Input] = []
    ) -> Result<String, Diagnostic> {
        let here = SourceLocation(file: directory)
        let destination = directory.appendingPathComponent(compiled.name)
        if let refusal = OutputPathGuard.refusal(output: destination, inputs: inputs) { return .failure(refusal) }
        if let problem = prepare(directory) { return .failure(problem) }
        if !compiled.isBundle, UnchangedOutput.keep(destination, for: compiled.files[0].bytes) {
            // What a killed run left beside it goes, as after any write.
            AtomicFile.removeStaleTemporaries(beside: destination)
            return .success(destination)
        }
        // Each file compared with the old folder's once; the old folder kept whole when nothing differs.
        let previous =
            compiled.isBundle && FileSystem.kind(of: destination, followingLinks: false) == .directory
            ? destination : nil
        let unchanged = compiled.files.map { file in
            previous.map { UnchangedOutput.holds($0.appendingPathComponent(file.name), file.bytes) } ?? false
        }
        if let previous, !unchanged.contains(false),
            UnchangedOutput.keep(folder: previous, holding: compiled.files.map(\.name))
        {
            AtomicFile.removeStaleTemporaries(beside: destination)
            return .success(destination)
        }
        let result = AtomicFile.replace(destination, isDirectory: compiled.isBundle) { temporary in
            guard compiled.isBundle else {
                return try AtomicFile.writeInPlace(compiled.files[0].bytes, to: temporary, durable: false)
            }
            try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
            for (file, same) in zip(compiled.files, unchanged) {
                let target = temporary.appendingPathComponent(file.name)
                if same, let previous, UnchangedOutput.keep(previous.appendingPathComponent(file.name), as: target) {
                    continue
                }
                try AtomicFile.writeInPlace(file.bytes, to: target, durable: false)
            }
        }
        switch result {
        case .success: return .success(destination)
        case .failure(let failure):
            return .failure(.error(.outputNotWritable, "cannot write '\(compiled.name)': \(failure.reason)", at: here))
        }
    }

    /// Writes generated files; an unchanged file is left alone, so that builds depending on it do not rerun.
    /// Returns the paths of every file now in place, those of them left as they were, and the failure that stopped
    /// the writing, if any.
    static func write(
        _ files: [GeneratedFile], into directory: String,
        inputs: [OutputPathGuard.Input] = []
    ) -> ([String], unchanged: Set<String>, Diagnostic?) {
        for file in files {
            let target = directory.appendingPathComponent(file.name)
            if let refusal = OutputPathGuard.refusal(output: target, inputs: inputs) { return ([], [], refusal) }
        }
        if let problem = prepare(directory) { return ([], [], problem) }
        var written: [String] = [], unchanged: Set<String> = []
        for file in files {
            let target = directory.appendingPathComponent(file.name)
            // Compared in place: a large model's code is tens of megabytes, and every copy counts toward peak memory.
            if case .success(let existing) = FileSystem.readFile(target), hasSameBytes(existing, file.contents) {
                written.append(target)
                unchanged.insert(target)
                continue
            }
            if case .failure(let failure) = AtomicFile.write(utf8: file.contents, to: target, durable: false) {
                return (
                    written, unchanged,
                    .error(
                        .outputNotWritable, "cannot write '\(file.name)': \(failure.reason)",
                        at: SourceLocation(file: directory))
                )
            }
            written.append(target)
        }
        return (written, unchanged, nil)
    }

    private static func hasSameBytes(_ bytes: [UInt8], _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            bytes.withUnsafeBufferPointer { existing in
                existing.count == utf8.count
                    && (utf8.isEmpty || memcmp(existing.baseAddress!, utf8.baseAddress!, utf8.count) == 0)
            }
        }
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let outputNotWritable: DiagnosticCode = "output-not-writable"
    static let outputNotAFolder: DiagnosticCode = "output-not-a-folder"
}

extension OutputWriter {
    /// Makes the folder a lone output file (a sanitized store) is written in, when it is missing.
    static func makeFolder(for output: String) -> Diagnostic? {
        let folder = output.withoutLastPathComponent
        guard !folder.isEmpty, FileSystem.kind(of: folder) == .missing else { return nil }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            return nil
        } catch {
            return .error(
                .outputNotWritable, "cannot make the output's folder: " + FileSystem.reason(error),
                at: SourceLocation(file: output))
        }
    }
}
