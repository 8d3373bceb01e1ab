//===- BenchSupport.h - what the CPU benchmarks share --------*- C++ -*-===//
//
// Aligned buffers, deterministic inputs, the split of a launch over
// std::threads and timing, for the benchmarks that launch kdsl kernels through
// the kernel ABI against hand-written C++ (cpu_kernels.cpp, tile_gemm.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_BENCH_BENCHSUPPORT_H
#define KDSL_BENCH_BENCHSUPPORT_H

#include "kdsl/Runtime/KernelABI.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <thread>
#include <vector>

namespace kdsl_bench {

using Clock = std::chrono::steady_clock;

inline double msBetween(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

/// A 64-byte aligned, uninitialized buffer of n elements.
template <typename T> class Buffer {
public:
  explicit Buffer(int64_t n) : count(n) {
    size_t bytes = (size_t(n) * sizeof(T) + 63) / 64 * 64;
    ptr = static_cast<T *>(std::aligned_alloc(64, bytes ? bytes : 64));
    if (!ptr) {
      std::fprintf(stderr, "out of memory (%zu bytes)\n", bytes);
      std::exit(2);
    }
  }
  ~Buffer() { std::free(ptr); }
  Buffer(const Buffer &) = delete;
  Buffer &operator=(const Buffer &) = delete;
  T *data() const { return ptr; }
  T &operator[](int64_t i) const { return ptr[i]; }
  int64_t size() const { return count; }
  size_t bytes() const { return size_t(count) * sizeof(T); }
  /// A 1-d kdsl_array over the whole buffer.
  kdsl_array view() const {
    kdsl_array a;
    std::memset(&a, 0, sizeof a);
    a.data = ptr;
    a.shape[0] = count;
    a.strides[0] = int64_t(sizeof(T));
    return a;
  }
  /// All bytes 0xff: every float is a NaN, so a missed element shows up.
  void poison() const { std::memset(ptr, 0xff, bytes()); }

private:
  T *ptr;
  int64_t count;
};

/// Deterministic floats in [-1, 1) (xorshift64*).
struct Random {
  uint64_t state;
  explicit Random(uint64_t seed) : state(seed * 0x9E3779B97F4A7C15ull + 1) {}
  float next() {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    uint64_t r = state * 0x2545F4914F6CDD1Dull;
    return float(int64_t(r >> 40) - (int64_t(1) << 23)) / float(int64_t(1) << 23);
  }
};

/// Splits [0, n) into `threads` contiguous chunks and runs `body(begin, end)`
/// on each: chunk 0 in the calling thread, the others on new std::threads.
/// Both sides of the comparison launch through this.
inline void parallelRange(unsigned threads, int64_t n,
                          const std::function<void(int64_t, int64_t)> &body) {
  if (threads <= 1) {
    body(0, n);
    return;
  }
  auto bound = [&](unsigned t) { return int64_t((__int128)n * t / threads); };
  std::vector<std::thread> workers;
  workers.reserve(threads - 1);
  for (unsigned t = 1; t < threads; ++t)
    workers.emplace_back(body, bound(t), bound(t + 1));
  body(0, bound(1));
  for (std::thread &w : workers)
    w.join();
}

} // namespace kdsl_bench

#endif
