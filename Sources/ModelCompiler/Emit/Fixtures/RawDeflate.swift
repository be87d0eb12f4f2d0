import CZlib

/// Compresses to raw DEFLATE (RFC 1951, no header) with zlib, as Core Data stores `Z_MODELCACHE`; the inverse of
/// `RawInflate`. Deterministic for one zlib build.
enum RawDeflate {
    static func deflate(_ input: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        guard openmomc_deflate_init_raw(&stream) == Z_OK else { return [] }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 16)
        var input = input
        let written = input.withUnsafeMutableBufferPointer { source -> Int in
            output.withUnsafeMutableBufferPointer { target -> Int in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                // deflateBound leaves room for everything: one call finishes.
                return CZlib.deflate(&stream, Z_FINISH) == Z_STREAM_END ? target.count - Int(stream.avail_out) : -1
            }
        }
        return written < 0 ? [] : Array(output[0..<written])
    }
}
