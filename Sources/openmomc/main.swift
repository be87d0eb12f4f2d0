#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif
@_spi(Executable) import ModelCompiler

// One run, then the process ends: what the run built need not be freed piece by piece first.
Teardown.skipWhenTheProcessEnds()
// Run under the name `momc` or `mapc` (a symlink on PATH, an xcrun shim), this is that tool's command line; else
// openmomc's.
let arguments = Array(CommandLine.arguments.dropFirst())
switch URL(fileURLWithPath: CommandLine.arguments.first ?? "").lastPathComponent {
case "momc": exit(MomcCommand.run(arguments, output: .standard, invocation: "momc"))
case "mapc": exit(MapcCommand.run(arguments, output: .standard, invocation: "mapc"))
default: break
}
exit(CommandLineTool.run(arguments))
