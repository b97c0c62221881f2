// GPUCOST_VECTOR_CLONES before a function compiles it for AVX-512 (x86-64-v4), for AVX2 and for any x86-64, the
// CPU choosing at load time (GCC's target_clones; other compilers build it once). The wider forms give the same
// values: each operation is rounded alike in IEEE 754 at any width, and the analysis library is built without
// contraction (-ffp-contract=off), so no width fuses a multiply and an add that another does not.
#pragma once

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define GPUCOST_VECTOR_CLONES __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define GPUCOST_VECTOR_CLONES
#endif
