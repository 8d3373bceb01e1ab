// A CPU stand-in for the parts of the CUDA driver API that
// utils/gpu/kdsl-gpu-run.cpp uses, so that bundle-objects.test can run the
// GPU runner itself on a machine without a GPU: device memory is host
// memory, a "module" file holds the path of a shared object of
// `kdsl-translate --emit=cpp`, and cuLaunchKernel runs entry
// <kernel>_cuda_kernel_forward/_backward as <kernel>_cpu_forward/_backward
// (KernelABI.h) over the whole launch on one thread: the kernel parameters
// after the kdsl_launch are exactly the CPU ABI's argument pointers.
#ifndef KDSL_FAKE_CUDA_H
#define KDSL_FAKE_CUDA_H

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <string>

typedef int CUresult;
typedef int CUdevice;
typedef void *CUcontext;
typedef void *CUmodule;
typedef void *CUevent;
typedef void *CUstream;
typedef uint64_t CUdeviceptr;
typedef int CUjit_option;
typedef int CUdevice_attribute;
struct KdslFakeFunction {
  void (*fn)(const int64_t *dims, int64_t begin, int64_t end, void **args);
  std::string name; // the entry point
};
typedef KdslFakeFunction *CUfunction;
enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_INVALID_IMAGE = 200
};
enum { CU_JIT_ERROR_LOG_BUFFER = 5, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6 };
enum { CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16 };
enum { CU_EVENT_DEFAULT = 0 };

inline CUresult cuGetErrorName(CUresult, const char **s) { return *s = "FAKE_ERROR", 0; }
inline CUresult cuGetErrorString(CUresult, const char **s) { return *s = "fake driver", 0; }
inline CUresult cuInit(unsigned) { return CUDA_SUCCESS; }
inline CUresult cuDeviceGet(CUdevice *d, int) { return *d = 0, CUDA_SUCCESS; }
inline CUresult cuDevicePrimaryCtxRetain(CUcontext *c, CUdevice) { return *c = nullptr, 0; }
inline CUresult cuCtxSetCurrent(CUcontext) { return CUDA_SUCCESS; }
inline CUresult cuCtxSynchronize() { return CUDA_SUCCESS; }
inline CUresult cuDeviceGetAttribute(int *v, CUdevice_attribute, CUdevice) { return *v = 1, 0; }
inline CUresult cuModuleLoadDataEx(CUmodule *m, const void *image, unsigned, CUjit_option *,
                                   void **) {
  std::string path(static_cast<const char *>(image));
  while (!path.empty() && (path.back() == '\n' || path.back() == ' '))
    path.pop_back();
  *m = dlopen(path.c_str(), RTLD_NOW);
  return *m ? CUDA_SUCCESS : CUDA_ERROR_INVALID_IMAGE;
}
inline CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *entry) {
  std::string name = entry;
  for (const char *from : {"_cuda_kernel_forward", "_cuda_kernel_backward"}) {
    size_t at = name.rfind(from);
    if (at != std::string::npos && at + std::strlen(from) == name.size())
      name = name.substr(0, at) + (from[13] == 'f' ? "_cpu_forward" : "_cpu_backward");
  }
  void *sym = dlsym(m, name.c_str());
  if (!sym)
    return CUDA_ERROR_NOT_FOUND;
  *f = new KdslFakeFunction{reinterpret_cast<decltype(KdslFakeFunction::fn)>(sym), entry};
  return CUDA_SUCCESS;
}
inline CUresult cuMemAlloc(CUdeviceptr *p, size_t n) {
  void *q = std::aligned_alloc(256, (n + 255) / 256 * 256);
  std::memset(q, 0xA5, n); // unset device memory is not zero
  return *p = CUdeviceptr(uintptr_t(q)), CUDA_SUCCESS;
}
inline CUresult cuMemcpyHtoD(CUdeviceptr d, const void *s, size_t n) {
  return std::memcpy((void *)uintptr_t(d), s, n), CUDA_SUCCESS;
}
inline CUresult cuMemcpyDtoH(void *d, CUdeviceptr s, size_t n) {
  return std::memcpy(d, (const void *)uintptr_t(s), n), CUDA_SUCCESS;
}
inline CUresult cuMemcpyDtoD(CUdeviceptr d, CUdeviceptr s, size_t n) {
  return std::memcpy((void *)uintptr_t(d), (const void *)uintptr_t(s), n), CUDA_SUCCESS;
}
inline CUresult cuMemsetD8(CUdeviceptr d, unsigned char v, size_t n) {
  return std::memset((void *)uintptr_t(d), v, n), CUDA_SUCCESS;
}
inline CUresult cuEventCreate(CUevent *e, unsigned) { return *e = nullptr, CUDA_SUCCESS; }
inline CUresult cuEventRecord(CUevent, CUstream) { return CUDA_SUCCESS; }
inline CUresult cuEventSynchronize(CUevent) { return CUDA_SUCCESS; }
inline CUresult cuEventElapsedTime(float *ms, CUevent, CUevent) { return *ms = 0, CUDA_SUCCESS; }
// The block the runner chose is the CPU kernel's block dimension (dims[4],
// one lane per grid point as on a GPU), so a lane kernel launched with
// another block than its bundle's computes other results; every launch is
// logged to stderr ("fake-launch ENTRY grid G block B threads T").
inline CUresult cuLaunchKernel(CUfunction f, unsigned gridX, unsigned gridY, unsigned gridZ,
                               unsigned blockX, unsigned blockY, unsigned blockZ, unsigned,
                               CUstream, void **params, void **) {
  const int64_t *launch = static_cast<const int64_t *>(params[0]); // dims[4], total
  std::fprintf(stderr, "fake-launch %s grid %u block %u threads %lld\n", f->name.c_str(), gridX,
               blockX, (long long)launch[4]);
  if (gridY != 1 || gridZ != 1 || blockY != 1 || blockZ != 1 || blockX == 0 || blockX > 1024)
    return CUDA_ERROR_INVALID_VALUE;
  int64_t dims[6] = {launch[0], launch[1], launch[2], launch[3], int64_t(blockX), 1};
  f->fn(dims, 0, launch[4], params + 1);
  return CUDA_SUCCESS;
}

// Called by kernels of the CPU ABI (KernelABI.h); the runner is linked with
// -rdynamic so the shared object finds them.
extern "C" void kdsl_report_assert(const char *kernel, const char *message, int32_t line, int64_t) {
  std::fprintf(stderr, "assert in %s line %d: %s\n", kernel, line, message);
}
extern "C" void kdsl_report_oob(const char *kernel, const char *array, int32_t, int64_t index,
                                int64_t, int64_t) {
  std::fprintf(stderr, "out of bounds in %s: %s[%lld]\n", kernel, array, (long long)index);
}

#endif
