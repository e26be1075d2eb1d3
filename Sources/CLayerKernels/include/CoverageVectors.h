#ifndef CLAYERKERNELS_COVERAGE_VECTORS_H
#define CLAYERKERNELS_COVERAGE_VECTORS_H

#include <stdint.h>
#if defined(__x86_64__)
#include <emmintrin.h>
#endif

/// Four floats and four 32-bit integers, imported into Swift as `SIMD4<Float>` and
/// `SIMD4<UInt32>`.
typedef float lk_float4 __attribute__((ext_vector_type(4)));
typedef uint32_t lk_uint4 __attribute__((ext_vector_type(4)));

/// The prefix sums of the scan converter's cell groups, `(v0, v0 + v1, (v1 + v2) + v0,
/// (v2 + v3) + (v0 + v1))`: `v` plus itself shifted up one lane, then that plus itself
/// shifted up two lanes (SSE2 byte shifts on x86-64; the same additions elsewhere).
static inline lk_float4 lk_prefix_sums4(lk_float4 v) {
#if defined(__x86_64__)
  __m128 x = (__m128)v;
  x = _mm_add_ps(x, _mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(x), 4)));
  x = _mm_add_ps(x, _mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(x), 8)));
  return (lk_float4)x;
#else
  lk_float4 t = v + (lk_float4){0, v.x, v.y, v.z};
  return t + (lk_float4){0, 0, t.x, t.y};
#endif
}

/// Each lane of `v` rounded toward zero, for coverage levels `0 ≤ v < 256` (one
/// `cvttps2dq` on x86-64).
static inline lk_uint4 lk_truncate4(lk_float4 v) {
#if defined(__x86_64__)
  return (lk_uint4)_mm_cvttps_epi32((__m128)v);
#else
  return __builtin_convertvector(v, lk_uint4);
#endif
}

#endif
