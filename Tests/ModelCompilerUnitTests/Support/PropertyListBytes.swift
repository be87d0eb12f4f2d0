import Foundation
@testable import ModelCompiler

/// Binary property lists built byte by byte, for shapes no writer makes on purpose.
enum PropertyListBytes {
    /// Object i is an array holding `fanOut` references to object i + 1; the last is an empty array.
    static func nestedArrays(depth: Int, fanOut: Int = 1) -> [UInt8] {
        var bytes = Array("bplist00".utf8), offsets: [Int] = []
        for index in 0..<depth {
            offsets.append(bytes.count)
            if index == depth - 1 { bytes.append(0xA0); continue }
            bytes.append(0xA0 | UInt8(fanOut))
            for _ in 0..<fanOut { bytes += [UInt8((index + 1) >> 8), UInt8((index + 1) & 0xFF)] }
        }
        let table = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 16), UInt8((offset >> 8) & 0xFF), UInt8(offset & 0xFF)] }
        bytes += [0, 0, 0, 0, 0, 0, 3, 2]
        func be(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        bytes += be(depth) + be(0) + be(table)
        return bytes
    }
}
