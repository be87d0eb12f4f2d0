@_spi(Fuzzing) import ModelCompiler

/// `openmomc-fuzz TARGET [libFuzzer options] CORPUS`: one executable for every target, the first argument naming it.
let targets: [String: @Sendable ([UInt8]) -> Void] = [
    "contents": FuzzingEntryPoints.contents,
    "predicate": FuzzingEntryPoints.predicate,
    "compiled-model": FuzzingEntryPoints.compiledModel,
    "xcode3-elements": FuzzingEntryPoints.xcode3Elements,
    "bundle-files": FuzzingEntryPoints.bundleFiles,
    "cached-model": FuzzingEntryPoints.cachedModel,
    "mapping-model": FuzzingEntryPoints.mappingModel,
    "store": FuzzingEntryPoints.store,
    "output-names": FuzzingEntryPoints.outputNames,
    "declared-classes": FuzzingEntryPoints.declaredClasses,
]
nonisolated(unsafe) var selected: @Sendable ([UInt8]) -> Void = { _ in }

/// One input through the selected target. Any crash, hang or sanitizer report is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    selected(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// SwiftPM links an executable's `main` to `<module>_main`; libFuzzer's driver takes over from there.
@_cdecl("openmomc_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    guard argc > 1, let argv, let name = argv[1].map({ String(cString: $0) }), let target = targets[name] else {
        print("usage: openmomc-fuzz \(targets.keys.sorted().joined(separator: "|")) [libFuzzer options] CORPUS")
        return 2
    }
    selected = target
    argv[1] = argv[0]  // libFuzzer sees the program name and then its own options
    var count = argc - 1, rest: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv + 1
    return runDriver(&count, &rest, fuzz)
}
