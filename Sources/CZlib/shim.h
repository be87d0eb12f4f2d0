#ifndef OPENMOMC_CZLIB_SHIM_H
#define OPENMOMC_CZLIB_SHIM_H
#include <zlib.h>
/* inflateInit2 and deflateInit2 are macros over the underscored functions (they pass the header's version and
   the stream's size), which Swift cannot call. Negative window bits: raw DEFLATE, no zlib or gzip header. */
static inline int openmomc_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -MAX_WBITS);
}
static inline int openmomc_deflate_init_raw(z_stream *stream) {
    return deflateInit2(stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
}
#endif
