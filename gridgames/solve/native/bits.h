/* Bit counting shared by the C cores. Without -mpopcnt (the extensions are built for any x86-64),
 * __builtin_popcountll calls a library routine: 12% of a Domineering 7x7 search and 6% of a Cram 5x7
 * one went there. This is the same count, inline. */
#ifndef GRIDGAMES_BITS_H
#define GRIDGAMES_BITS_H

#include <stdint.h>

static inline int ones64(uint64_t x) {
#ifdef __POPCNT__
    return __builtin_popcountll(x);
#else
    x -= (x >> 1) & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}

#endif
