// Interposes the C allocator to count allocation calls, forwarding to glibc's own
// implementations. Only the count is kept; nothing else changes.
#include "CMallocCounter.h"
#include <stddef.h>
#include <errno.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static uint64_t counter = 0;

static inline void bump(void) { __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED); }

uint64_t lk_allocation_count(void) { return __atomic_load_n(&counter, __ATOMIC_RELAXED); }

void *malloc(size_t n) { bump(); return __libc_malloc(n); }
void *calloc(size_t c, size_t n) { bump(); return __libc_calloc(c, n); }
void *realloc(void *p, size_t n) { bump(); return __libc_realloc(p, n); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t a, size_t n) { bump(); return __libc_memalign(a, n); }
void *aligned_alloc(size_t a, size_t n) { bump(); return __libc_memalign(a, n); }
int posix_memalign(void **out, size_t a, size_t n) {
  bump();
  void *p = __libc_memalign(a, n);
  if (!p) return ENOMEM;
  *out = p;
  return 0;
}
