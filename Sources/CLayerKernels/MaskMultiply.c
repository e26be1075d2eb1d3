#include "CLayerKernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

/// The coverage (0…255) of one premultiplied mask pixel, as
/// `RowKernels.maskCoverage`: its alpha, or its Rec. 709 luminance (weights in
/// 1/65536ths, rounded), then `255 −` that when inverse.
static inline uint32_t mask_coverage(uint32_t p, int luminance, int inverse) {
  uint32_t v;
  if (luminance) {
    v = (p & 0xFFu) * 13926u + ((p >> 8) & 0xFFu) * 46884u + ((p >> 16) & 0xFFu) * 4725u;
    v = (v + 32768u) >> 16;
    if (v > 255) v = 255;
  } else {
    v = p >> 24;
  }
  return inverse ? 255 - v : v;
}

/// `x·k/255` per channel of one pixel, rounded as `PixelMath.scale`.
static inline uint32_t scale_pixel(uint32_t p, uint32_t k) {
  uint32_t rb = (p & 0x00FF00FFu) * k + 0x00800080u;
  rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
  uint32_t ag = ((p >> 8) & 0x00FF00FFu) * k + 0x00800080u;
  ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
  return rb | ag;
}

__attribute__((target("avx2"))) void lk_multiply_by_mask_avx2(uint32_t *d, const uint32_t *m,
                                                               long n, int mode) {
  const int luminance = (mode & 2) != 0, inverse = (mode & 1) != 0;
  const __m256i lowBytes = _mm256_set1_epi32(0x00FF00FF);
  const __m256i byte = _mm256_set1_epi32(0xFF);
  const __m256i m257 = _mm256_set1_epi16(257);
  const __m256i half = _mm256_set1_epi16(128);
  const __m256i wr = _mm256_set1_epi32(13926), wg = _mm256_set1_epi32(46884);
  const __m256i wb = _mm256_set1_epi32(4725), round = _mm256_set1_epi32(32768);
  const __m256i zero = _mm256_setzero_si256();
  long i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256i mv = _mm256_loadu_si256((const __m256i *)(m + i));
    __m256i a;
    if (luminance) {
      __m256i r = _mm256_and_si256(mv, byte);
      __m256i g = _mm256_and_si256(_mm256_srli_epi32(mv, 8), byte);
      __m256i b = _mm256_and_si256(_mm256_srli_epi32(mv, 16), byte);
      __m256i sum = _mm256_add_epi32(_mm256_mullo_epi32(r, wr), _mm256_mullo_epi32(g, wg));
      sum = _mm256_add_epi32(sum, _mm256_add_epi32(_mm256_mullo_epi32(b, wb), round));
      a = _mm256_min_epu32(_mm256_srli_epi32(sum, 16), byte);
    } else {
      a = _mm256_srli_epi32(mv, 24);
    }
    if (inverse) a = _mm256_xor_si256(a, byte);
    if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(a, byte)) == -1) continue;
    if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(a, zero)) == -1) {
      _mm256_storeu_si256((__m256i *)(d + i), zero);
      continue;
    }
    __m256i dv = _mm256_loadu_si256((const __m256i *)(d + i));
    __m256i k = _mm256_or_si256(a, _mm256_slli_epi32(a, 16));
    __m256i rb = _mm256_and_si256(dv, lowBytes);
    __m256i ag = _mm256_srli_epi16(dv, 8);
    rb = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(rb, k), half), m257);
    ag = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(ag, k), half), m257);
    _mm256_storeu_si256((__m256i *)(d + i), _mm256_or_si256(rb, _mm256_slli_epi16(ag, 8)));
  }
  for (; i < n; i++) {
    uint32_t k = mask_coverage(m[i], luminance, inverse);
    if (k != 255) d[i] = scale_pixel(d[i], k);
  }
}

#else

void lk_multiply_by_mask_avx2(uint32_t *d, const uint32_t *m, long n, int mode) {
  (void)d;
  (void)m;
  (void)n;
  (void)mode;
}

#endif
