// Running deep recursions on fresh stack segments of the same thread.
//
// `lk_stack_is_low` tells whether fewer than `red_zone` bytes of the current stack
// segment remain; `lk_run_on_new_stack` then runs a function on a new segment
// (allocated with a guard page, switched to with ucontext on the same thread, so
// thread-local state stays as it is) and returns when it does. Not API: LayerKit's
// `StackReserve` is the only caller.
#ifndef LK_STACK_RESERVE_H
#define LK_STACK_RESERVE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The lowest usable address of the current thread's stack segment (0 until
/// `lk_stack_limit_init` has run on this thread).
extern __thread uintptr_t lk_stack_limit;

/// Finds the current thread's stack bounds and stores the lowest usable address.
void lk_stack_limit_init(void);

/// Whether fewer than `red_zone` bytes of stack remain below the caller's frame.
static inline int lk_stack_is_low(size_t red_zone) {
  uintptr_t sp = (uintptr_t)__builtin_frame_address(0);
  if (__builtin_expect(lk_stack_limit == 0, 0)) lk_stack_limit_init();
  return sp < lk_stack_limit + red_zone;
}

/// Runs `body(context)` on a new stack segment of `size` bytes on this thread.
/// Returns 0, or -1 when the segment could not be allocated (then `body` has not run).
int lk_run_on_new_stack(size_t size, void (*body)(void *), void *context);

#ifdef __cplusplus
}
#endif

#endif
