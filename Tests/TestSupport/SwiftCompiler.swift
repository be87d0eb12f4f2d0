import Foundation

/// Runs the toolchain's `swiftc`.
public enum SwiftCompiler {
    public static func run(_ arguments: [String], in directory: String) throws -> (status: Int32, output: String) {
        try Program.run(["swiftc"] + arguments, in: directory)
    }

    public static func runExecutable(_ path: String) throws -> (status: Int32, output: String) {
        try Program.run([path], in: NSTemporaryDirectory())
    }
}
