import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs Graphviz's `dot` (found on the `PATH`) to lay out and draw a DOT file: openmomc writes the graph, Graphviz
/// places it. A program of its own, not a library: it is run only for `--format svg`, and said how to install when
/// missing.
enum Graphviz {
    struct Failure: Error {
        var reason: String
    }

    /// The `dot` on the `PATH`, or nil.
    static var executable: String? {
        let paths = (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { $0 + "/dot" }.first { access($0, X_OK) == 0 }
    }

    static let installAdvice =
        "Graphviz's 'dot' is not on the PATH: install Graphviz (Debian and Ubuntu: "
        + "apt-get install graphviz; macOS: brew install graphviz), or write --format dot or mermaid"

    /// How long `dot` may run, in seconds: `OPENMOMC_GRAPHVIZ_TIMEOUT`, else 30. A dense graph can keep it busy for
    /// minutes; past the limit it is killed and the diagram is an error that says so.
    static var timeLimit: Double {
        getenv("OPENMOMC_GRAPHVIZ_TIMEOUT").flatMap { Double(String(cString: $0)) }.flatMap { $0 > 0 ? $0 : nil } ?? 30
    }

    /// `dot -Tsvg -o svgPath dotPath`; its standard error in the failure. `dot` is killed past `timeLimit`, and with
    /// openmomc when the run is interrupted.
    static func drawSVG(dotFile: String, to svgPath: String, timeLimit: Double = timeLimit) throws(Failure) {
        guard let dot = executable else { throw Failure(reason: installAdvice) }
        let errors = svgPath + ".stderr"
        defer { unlink(errors) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let arguments = [dot, "-Tsvg", "-o", svgPath, dotFile]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, dot, &actions, nil, &argv, environ)
        guard spawned == 0 else { throw Failure(reason: "cannot run \(dot): \(String(cString: strerror(spawned)))") }
        Interruption.killOnInterrupt(pid)
        defer { Interruption.forget(child: pid) }
        var status: Int32 = 0
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeLimit * 1_000_000_000)
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid || (done == -1 && errno != EINTR) { break }
            if DispatchTime.now().uptimeNanoseconds > deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                throw Failure(
                    reason: "Graphviz's dot ran longer than \(Int(timeLimit)) s and was stopped; write --format "
                        + "dot or mermaid, or allow it more with OPENMOMC_GRAPHVIZ_TIMEOUT (seconds)")
            }
            usleep(10_000)
        }
        // WIFEXITED and WEXITSTATUS, spelled out: Swift does not import the macros.
        let exited = status & 0x7F == 0, code = (status >> 8) & 0xFF
        guard exited, code == 0 else {
            let said = try? FileSystem.readFile(errors).get()
            let message = said.map { String(decoding: $0.prefix(2_000), as: UTF8.self) } ?? ""
            throw Failure(reason: "Graphviz's dot failed" + (message.isEmpty ? "" : ": " + message.trimmingWhitespace))
        }
    }
}
