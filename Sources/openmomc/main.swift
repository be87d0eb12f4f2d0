#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif
import ModelCompiler

// One run, then the process ends: what the run built need not be freed piece by piece first.
Teardown.skipWhenTheProcessEnds()
// Run under the name `momc` (a symlink on PATH, an xcrun shim), this is momc's command line; else openmomc's.
let arguments = Array(CommandLine.arguments.dropFirst())
if URL(fileURLWithPath: CommandLine.arguments.first ?? "").lastPathComponent == "momc" {
    exit(MomcCommand.run(arguments, output: .standard))
}
exit(CommandLineTool.run(arguments))
