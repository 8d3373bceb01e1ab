// A CPU stand-in for the GPU runners (utils/gpu/kdsl-gpu-run.cpp and the
// --standalone program), for machines without a GPU: reads a bundle with
// lib/Target/Cpp/BundleHost.inc, "uploads" every array and object into fresh
// host buffers (their addresses play the device addresses: the bundle's own
// bytes are never used in place), relocates the objects' pointers with
// relocatedBuffers and the launch arguments with relocatedArgs, exactly as
// the GPU runners do, runs the launches with the kernels of a shared object
// of `kdsl-translate --emit=cpp` (the CPU ABI, include/kdsl/Runtime/KernelABI.h,
// whose arguments have the C layout of the bundle's) on one thread, and
// prints the outputs as kdsl-run's JSON.
//
//   run_bundle_cpu KERNELS.so BUNDLE_DIR
#include "BundleHost.inc"

#include <dlfcn.h>
#include <memory>

extern "C" {
// Called by the kernels (KernelABI.h); a bundle test's kernels pass.
void kdsl_report_assert(const char *kernel, const char *message, int32_t line, int64_t thread) {
  std::fprintf(stderr, "assert in %s line %d thread %lld: %s\n", kernel, line, (long long)thread,
               message);
}
void kdsl_report_oob(const char *kernel, const char *array, int32_t, int64_t index, int64_t,
                     int64_t thread) {
  std::fprintf(stderr, "out of bounds in %s: %s[%lld] thread %lld\n", kernel, array,
               (long long)index, (long long)thread);
}
}

typedef void (*KernelFn)(const int64_t *dims, int64_t begin, int64_t end, void **args);

// A "device" allocation: 64-byte aligned, filled with a pattern first so
// that a pointer left unrelocated or a byte not copied shows.
static uint64_t allocate(std::vector<std::unique_ptr<char[]>> &pool,
                         const std::vector<char> &bytes) {
  size_t size = bytes.size() + 64;
  pool.emplace_back(new char[size]);
  char *p = pool.back().get();
  std::memset(p, 0xA5, size);
  p += (64 - uintptr_t(p) % 64) % 64;
  if (!bytes.empty())
    std::memcpy(p, bytes.data(), bytes.size());
  return uint64_t(uintptr_t(p));
}

int main(int argc, char **argv) {
  using namespace kdsl_bundle;
  if (argc != 3)
    die("usage: run_bundle_cpu KERNELS.so BUNDLE_DIR");
  void *lib = dlopen(argv[1], RTLD_NOW);
  if (!lib)
    die(std::string("dlopen: ") + dlerror());
  Bundle b = readBundle(std::string(argv[2]) + "/bundle.bin");
  std::vector<std::unique_ptr<char[]>> pool;
  for (Array &a : b.arrays)
    a.device = allocate(pool, a.bytes);
  for (Object &o : b.objects) {
    for (size_t i = 0; i < o.buffers.size(); ++i)
      o.device[i] = allocate(pool, std::vector<char>(o.buffers[i].size(), 0));
    std::vector<std::vector<char>> buffers = relocatedBuffers(o, b.arrays);
    for (size_t i = 0; i < buffers.size(); ++i)
      if (!buffers[i].empty())
        std::memcpy((void *)uintptr_t(o.device[i]), buffers[i].data(), buffers[i].size());
  }
  for (const Launch &l : b.launches) {
    std::string symbol = l.kernel + (l.backward ? "_cpu_backward" : "_cpu_forward");
    auto fn = reinterpret_cast<KernelFn>(dlsym(lib, symbol.c_str()));
    if (!fn)
      die("no kernel '" + symbol + "' in " + argv[1]);
    std::vector<std::vector<char>> args = relocatedArgs(l, b.arrays, b.objects);
    std::vector<void *> params;
    for (std::vector<char> &a : args)
      params.push_back(a.data());
    // The 4 extents, then the block dimension a GPU runner launches with
    // and one lane per grid point (a GPU thread is one lane).
    int64_t dims[6] = {l.dims[0], l.dims[1], l.dims[2], l.dims[3], int64_t(l.blockDim), 1};
    fn(dims, 0, l.total(), params.data());
  }
  for (uint32_t g : b.resetAfter)
    std::memset((void *)uintptr_t(b.arrays[g].device), 0, b.arrays[g].byteSize());
  std::vector<std::vector<char>> bytes;
  for (const Output &o : b.outputs) {
    const Array &a = b.arrays[o.array];
    const char *p = (const char *)uintptr_t(a.device);
    bytes.emplace_back(p, p + a.byteSize());
  }
  std::string out = resultJson(b, bytes);
  std::fputs(out.c_str(), stdout);
  return 0;
}
