import CZlib

/// Inflates raw DEFLATE (RFC 1951, no zlib or gzip header), the encoding of a store's `Z_MODELCACHE`, with zlib.
/// Output is capped: a model cache is kilobytes, and a hostile blob must not inflate into gigabytes.
enum RawInflate {
    enum Failure: Error, Equatable {
        case corrupt(String)
        case tooLarge(Int)
    }

    static let limit = 64 << 20

    static func inflate(_ input: [UInt8], limit: Int = RawInflate.limit) -> Result<[UInt8], Failure> {
        var stream = z_stream()
        guard openmomc_inflate_init_raw(&stream) == Z_OK else { return .failure(.corrupt("zlib could not start")) }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var input = input
        return input.withUnsafeMutableBufferPointer { source -> Result<[UInt8], Failure> in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                output += chunk[0..<(chunk.count - Int(stream.avail_out))]
                if output.count > limit { return .failure(.tooLarge(limit)) }
                switch status {
                case Z_STREAM_END: return .success(output)
                case Z_OK: continue
                case Z_BUF_ERROR where stream.avail_in == 0: return .failure(.corrupt("the data ends early"))
                default:
                    let reason = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                    return .failure(.corrupt(reason))
                }
            }
        }
    }
}
