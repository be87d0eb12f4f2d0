import Foundation

/// Runs a command through `openmomc-measure` (built beside this harness), which forks it from a small
/// process and reports wall time and the command's own peak resident memory. Spawned straight from this
/// harness, Linux would report the harness's memory as the command's peak.
enum Measure {
    struct Sample {
        var seconds: Double
        var peakBytes: Int
        var status: Int32
    }

    static let helper = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("openmomc-measure").path

    static func run(_ executable: String, _ arguments: [String]) -> Sample {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: helper)
        process.arguments = [executable] + arguments
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return Sample(seconds: .nan, peakBytes: 0, status: -1) }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(separator: " ").map {
            String($0).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard fields.count == 3, let seconds = Double(fields[0]), let peak = Int(fields[1]),
            let status = Int32(fields[2])
        else {
            return Sample(seconds: .nan, peakBytes: 0, status: -1)
        }
        return Sample(seconds: seconds, peakBytes: peak, status: status)
    }

    /// The median of `runs` runs (time and memory each).
    static func median(runs: Int, _ executable: String, _ arguments: [String]) -> Sample {
        median((0..<runs).map { _ in run(executable, arguments) })
    }

    /// Each command's samples over `rounds` rounds, each round running every command once, in turn.
    static func rounds(_ rounds: Int, _ commands: [(executable: String, arguments: [String])]) -> [[Sample]] {
        var samples = commands.map { _ in [Sample]() }
        for _ in 0..<rounds {
            for (index, command) in commands.enumerated() {
                samples[index].append(run(command.executable, command.arguments))
            }
        }
        return samples
    }

    /// One time over another, taken within each round: the two ran moments apart, so a slow minute slows both and
    /// the ratio keeps still where a ratio of medians (taken minutes apart) moved with the machine. The median of
    /// the rounds' ratios, and the lowest and highest, which tell how far one run of the harness can be trusted.
    struct Ratio {
        var median: Double
        var low: Double
        var high: Double

        var text: String { String(format: "%.2f", median) }
        var range: String { String(format: "%.2f-%.2f", low, high) }
    }

    static func ratio(_ numerator: [Sample], over denominator: [Sample]) -> Ratio {
        let ratios = zip(numerator, denominator).map { $0.seconds / $1.seconds }.sorted()
        guard let low = ratios.first, let high = ratios.last else { return Ratio(median: .nan, low: .nan, high: .nan) }
        return Ratio(median: ratios[ratios.count / 2], low: low, high: high)
    }

    /// The median time and the median memory of `samples`, and the worst status.
    static func median(_ samples: [Sample]) -> Sample {
        let times = samples.map(\.seconds).sorted(), peaks = samples.map(\.peakBytes).sorted()
        return Sample(
            seconds: times[times.count / 2], peakBytes: peaks[peaks.count / 2], status: samples.map(\.status).max() ?? 0
        )
    }
}
