//===- DefaultHooks.cpp - fallback kernel report hooks --------------------===//
//
// Weak definitions of the hooks kernels call (KernelABI.h). A host that wants
// to collect failures (kdsl-run) defines its own, which take precedence.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Runtime/KernelABI.h"

#include <cinttypes>
#include <cstdio>

extern "C" __attribute__((weak)) void kdsl_report_assert(const char *kernel, const char *message,
                                                         int32_t line, int64_t thread) {
  std::fprintf(stderr, "kdsl: %s failed in kernel '%s' at line %d, thread %" PRId64 "\n", message,
               kernel, line, thread);
}

extern "C" __attribute__((weak)) void kdsl_report_oob(const char *kernel, const char *array,
                                                      int32_t dim, int64_t index, int64_t extent,
                                                      int64_t thread) {
  if (dim < 0) // a vector, quaternion or matrix index: `array` describes it
    std::fprintf(stderr,
                 "kdsl: index %" PRId64 " out of range [-%" PRId64 ", %" PRId64 ") for %s"
                 " in kernel '%s', thread %" PRId64 "\n",
                 index, extent, extent, array, kernel, thread);
  else
    std::fprintf(stderr,
                 "kdsl: index %" PRId64 " out of range [-%" PRId64 ", %" PRId64
                 ") for dimension %d of array '%s'"
                 " in kernel '%s', thread %" PRId64 "\n",
                 index, extent, extent, dim, array, kernel, thread);
}
