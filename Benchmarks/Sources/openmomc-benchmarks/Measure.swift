import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a command and measures it from outside: wall time and the child's own peak resident memory
/// (from wait4, so each run is measured alone).
enum Measure {
    struct Sample {
        var seconds: Double
        var peakBytes: Int
        var status: Int32
    }

    static func run(_ executable: String, _ arguments: [String]) -> Sample {
        var pid = pid_t()
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        posix_spawn_file_actions_addopen(&fileActions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        let start = DispatchTime.now()
        guard posix_spawn(&pid, executable, &fileActions, nil, argv, environ) == 0 else {
            return Sample(seconds: .nan, peakBytes: 0, status: -1)
        }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return Sample(seconds: seconds, peakBytes: Int(usage.ru_maxrss) * 1024, status: (status >> 8) & 0xFF)
    }

    /// The median of `runs` runs (time and memory each).
    static func median(runs: Int, _ executable: String, _ arguments: [String]) -> Sample {
        let samples = (0..<runs).map { _ in run(executable, arguments) }
        let times = samples.map(\.seconds).sorted(), peaks = samples.map(\.peakBytes).sorted()
        return Sample(seconds: times[times.count / 2], peakBytes: peaks[peaks.count / 2], status: samples.map(\.status).max() ?? 0)
    }
}
