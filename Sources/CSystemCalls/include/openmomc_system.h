#ifndef OPENMOMC_SYSTEM_H
#define OPENMOMC_SYSTEM_H

/// Atomically swaps the two paths (both must exist): Linux renameat2(RENAME_EXCHANGE), macOS renamex_np(RENAME_SWAP).
/// Returns 0, or -1 with errno set (EINVAL or ENOSYS where the file system or kernel cannot exchange).
int openmomc_exchange(const char *first, const char *second);

#endif
