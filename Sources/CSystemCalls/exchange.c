// The one system call Swift's Glibc module does not declare (it needs _GNU_SOURCE).
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include "openmomc_system.h"

#if defined(__APPLE__)
int openmomc_exchange(const char *first, const char *second) {
    return renamex_np(first, second, RENAME_SWAP);
}
#elif defined(__linux__)
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>
int openmomc_exchange(const char *first, const char *second) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, 2 /* RENAME_EXCHANGE */);
#else
    errno = ENOSYS;
    return -1;
#endif
}
#else
int openmomc_exchange(const char *first, const char *second) {
    (void)first; (void)second;
    errno = ENOSYS;
    return -1;
}
#endif
