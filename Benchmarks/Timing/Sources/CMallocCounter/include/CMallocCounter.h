#ifndef CMALLOCCOUNTER_H
#define CMALLOCCOUNTER_H
#include <stdint.h>

/// The number of allocation calls (malloc, calloc, realloc, memalign, aligned_alloc,
/// posix_memalign) since the process started.
uint64_t lk_allocation_count(void);

#endif
