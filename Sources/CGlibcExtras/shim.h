// glibc functions that Swift's Glibc module hides behind _GNU_SOURCE or does not include.
#ifndef PLANET_GLIBC_EXTRAS_H
#define PLANET_GLIBC_EXTRAS_H

/// renameat2(2), glibc >= 2.28: with RENAME_EXCHANGE, swaps two paths atomically.
extern int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath,
                     unsigned int flags);

/// RENAME_EXCHANGE from <linux/fs.h>.
static const unsigned int planet_RENAME_EXCHANGE = (1 << 1);

/// mallopt(3) and its M_* parameters (the executable tunes glibc malloc at start).
#include <malloc.h>

#endif
