import Foundation
#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#else
import Darwin
private let systemRead = Darwin.read
#endif

extension FileHandle {
    /// Everything until end of file. `readDataToEndOfFile()` stops the process when a read is interrupted by a
    /// signal (EINTR, seen while other tests start processes); this reads again instead.
    public func readAllRetrying() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return data
            }
        }
    }
}
