#ifndef OPENMOMC_SHA256_H
#define OPENMOMC_SHA256_H

#include <stddef.h>
#include <stdint.h>

/// FIPS 180-4's 64 round constants K0...K63 (the portable Swift rounds use them too).
extern const uint32_t openmomc_sha256_round_constants[64];

/// Whether this CPU has the SHA extensions `openmomc_sha256_blocks` needs (x86-64: SHA, SSSE3, SSE4.1).
/// Where it returns 0 the function must not be called; openmomc's portable Swift code hashes instead.
int openmomc_sha256_accelerated(void);

/// SHA-256's compression function over `count` 64-byte blocks at `blocks`, updating the eight state words
/// (FIPS 180-4 H0...H7, native byte order) in place.
void openmomc_sha256_blocks(uint32_t state[8], const uint8_t *blocks, size_t count);

#endif
