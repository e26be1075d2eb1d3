#define _GNU_SOURCE
#include "CStackReserve.h"

#include <pthread.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LK_ASAN 1
#endif
#if __has_feature(thread_sanitizer)
#define LK_TSAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define LK_ASAN 1
#endif

#ifdef LK_ASAN
void __sanitizer_start_switch_fiber(void **fake_stack_save, const void *bottom, size_t size);
void __sanitizer_finish_switch_fiber(void *fake_stack_save, const void **bottom_old, size_t *size_old);
#endif
#ifdef LK_TSAN
void *__tsan_get_current_fiber(void);
void *__tsan_create_fiber(unsigned flags);
void __tsan_destroy_fiber(void *fiber);
void __tsan_switch_to_fiber(void *fiber, unsigned flags);
#endif

__thread uintptr_t lk_stack_limit = 0;

void lk_stack_limit_init(void) {
  pthread_attr_t attr;
  void *base = NULL;
  size_t size = 0;
  uintptr_t limit = 0;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    if (pthread_attr_getstack(&attr, &base, &size) == 0) {
      size_t guard = 0;
      pthread_attr_getguardsize(&attr, &guard);
      limit = (uintptr_t)base + guard;
    }
    pthread_attr_destroy(&attr);
  }
  if (limit == 0) {
    // Unknown bounds: assume 512 KiB below the current frame.
    limit = (uintptr_t)__builtin_frame_address(0) - 512 * 1024;
  }
  lk_stack_limit = limit;
}

struct lk_segment_call {
  void (*body)(void *);
  void *context;
  ucontext_t caller;
  ucontext_t callee;
  uintptr_t previous_limit;
#ifdef LK_ASAN
  const void *caller_bottom;
  size_t caller_size;
#endif
#ifdef LK_TSAN
  void *caller_fiber;
#endif
};

static void lk_segment_entry(unsigned hi, unsigned lo) {
  struct lk_segment_call *call =
      (struct lk_segment_call *)(((uintptr_t)hi << 32) | (uintptr_t)lo);
#ifdef LK_ASAN
  __sanitizer_finish_switch_fiber(NULL, &call->caller_bottom, &call->caller_size);
#endif
  call->body(call->context);
#ifdef LK_ASAN
  __sanitizer_start_switch_fiber(NULL, call->caller_bottom, call->caller_size);
#endif
#ifdef LK_TSAN
  __tsan_switch_to_fiber(call->caller_fiber, 0);
#endif
  // Returning resumes `uc_link`: the caller.
}

int lk_run_on_new_stack(size_t size, void (*body)(void *), void *context) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  size = (size + page - 1) / page * page;
  char *memory = mmap(NULL, size + page, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (memory == MAP_FAILED) return -1;
  mprotect(memory, page, PROT_NONE);  // the guard page below the segment

  struct lk_segment_call call;
  call.body = body;
  call.context = context;
  call.previous_limit = lk_stack_limit;
  if (getcontext(&call.callee) != 0) {
    munmap(memory, size + page);
    return -1;
  }
  call.callee.uc_stack.ss_sp = memory + page;
  call.callee.uc_stack.ss_size = size;
  call.callee.uc_link = &call.caller;
  uintptr_t p = (uintptr_t)&call;
  makecontext(&call.callee, (void (*)(void))lk_segment_entry, 2, (unsigned)(p >> 32),
              (unsigned)(p & 0xffffffffu));
  lk_stack_limit = (uintptr_t)(memory + page);
#ifdef LK_TSAN
  call.caller_fiber = __tsan_get_current_fiber();
  void *fiber = __tsan_create_fiber(0);
  __tsan_switch_to_fiber(fiber, 0);
#endif
#ifdef LK_ASAN
  void *fake_stack = NULL;
  __sanitizer_start_switch_fiber(&fake_stack, memory + page, size);
#endif
  swapcontext(&call.caller, &call.callee);
#ifdef LK_ASAN
  __sanitizer_finish_switch_fiber(fake_stack, NULL, NULL);
#endif
#ifdef LK_TSAN
  __tsan_destroy_fiber(fiber);
#endif
  lk_stack_limit = call.previous_limit;
  munmap(memory, size + page);
  return 0;
}
