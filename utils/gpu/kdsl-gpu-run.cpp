// kdsl-gpu-run: runs a kdsl bundle (docs/gpu-suite.md) on an NVIDIA GPU with
// the CUDA driver API and compares the outputs with the CPU's.
//
//   kdsl-gpu-run MODULE.ptx|MODULE.cubin BUNDLE_DIR [--ulp N] [--rtol R]
//                [--unordered A,B] [--block B] [--repeat K] [--stream-bench N]
//
// Needs only the CUDA driver and toolkit (no LLVM/MLIR):
//   nvcc -O2 -std=c++17 -o kdsl-gpu-run kdsl-gpu-run.cpp -lcuda
//
// 1. Loads the module (PTX is JIT-compiled by the driver for this GPU).
// 2. Copies every array of the bundle to the device, and every object (hash
//    grid, BVH, mesh, volume: the header and buffers kdsl-run built, their
//    pointers relocated to the device copies), then runs the launches in
//    order: entry point <kernel>_cuda_kernel_forward(kdsl_launch, args...), or
//    <kernel>_cuda_kernel_backward for the adjoint launches (their arguments
//    are the primal ones followed by the adjoints), then zeroes the gradients
//    kdsl-run resets (those of arrays a launch wrote),
//    arguments by value in C layout with the array descriptors' data fields
//    set to device addresses and object ids to their headers' device
//    addresses; a grid-stride launch of the launch's block dimension (the
//    spec's "block_dim", else Warp's 256) threads per block. --block B
//    replaces it only for launches whose spec gave no "block_dim" and whose
//    kernel does not depend on its blocks' lanes (the bundle's flags).
// 3. Copies the outputs back and compares them with expected.bin: integers and
//    bools exactly, floats within --ulp units in the last place (default 2)
//    or, with --rtol R, within R relative to the larger magnitude (for float
//    atomics, whose order of additions differs from the CPU's). Outputs named
//    by --unordered (one element per slot an atomic handed out, as in a
//    stream compaction: the GPU defines no order) are compared as rows
//    (A[r], B[r], ...), both sides sorted first.
// 4. Times every launch again --repeat times (default 20; the median is
//    reported; the results of those runs are not checked).
// 5. --stream-bench N: runs the first launch again on arrays of N elements
//    (every array argument must be 1-d; contents zero) and reports its
//    effective bandwidth (each array counted once) next to cuMemcpyDtoD of
//    the largest of those arrays (read + write) in the same run.
//
// Prints one JSON object per line: per output {"output", "ok", ...}, per
// launch {"launch", "median_ms"}, then {"summary"...}. Exit 0 iff all match.
#include <cuda.h>

// The bundle reader, shared with kdsl-translate --standalone
// (lib/Target/Cpp/BundleHost.inc; make-bundle.sh copies it here).
#include "kdsl_bundle_host.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace kdsl_bundle;

namespace {

void check(CUresult r, const char *what) {
  if (r == CUDA_SUCCESS)
    return;
  const char *name = nullptr, *text = nullptr;
  cuGetErrorName(r, &name);
  cuGetErrorString(r, &text);
  die(std::string(what) + ": " + (name ? name : "?") + " (" + (text ? text : "?") + ")");
}
#define CU(call) check((call), #call)

// Signed distance in units in the last place (ordered integer encoding).
int64_t ordered(int64_t bits, int width) {
  int64_t sign = int64_t(1) << (width - 1);
  return (bits & sign) ? -(bits & (sign - 1)) : bits;
}

struct Options {
  double ulp = 2, rtol = -1;
  // --unordered A,B: outputs written at slots handed out by atomics (a
  // stream compaction), whose order a GPU does not define: the rows
  // (A[r], B[r], ...) are compared as multisets, both sides sorted by bytes.
  std::vector<std::string> unordered;
  unsigned block = 0, repeat = 20; // block 0: each launch's own
  uint64_t streamN = 0;
};

// An integer or bool scalar as a double (for messages).
double integerValue(const char *p, uint32_t scalar) {
  unsigned size = scalarSize(scalar);
  uint64_t bits = 0;
  std::memcpy(&bits, p, size);
  bool isSigned = scalar == I8 || scalar == I16 || scalar == I32 || scalar == I64;
  if (isSigned && size < 8 && (bits >> (8 * size - 1)) & 1)
    bits |= ~uint64_t(0) << (8 * size);
  return isSigned ? double(int64_t(bits)) : double(bits);
}

// Compares element scalars (a struct's by field); returns the number of
// mismatches and the first.
uint64_t compare(const Array &a, const char *got, const char *want, const Options &opt,
                 std::string &first) {
  std::vector<Slot> slots = a.slots();
  uint64_t bad = 0;
  for (uint64_t e = 0; e < a.count; ++e) {
    for (size_t k = 0; k < slots.size(); ++k) {
      uint32_t scalar = slots[k].scalar;
      unsigned size = scalarSize(scalar);
      uint64_t at = e * a.elementSize() + slots[k].offset;
      const char *g = got + at, *w = want + at;
      bool ok;
      double gv = 0, wv = 0;
      if (scalar == F32 || scalar == F64 || scalar == F16) {
        int64_t gb = 0, wb = 0;
        std::memcpy(&gb, g, size);
        std::memcpy(&wb, w, size);
        if (scalar == F32) {
          float gf, wf;
          std::memcpy(&gf, g, 4);
          std::memcpy(&wf, w, 4);
          gv = gf, wv = wf;
        } else if (scalar == F64) {
          std::memcpy(&gv, g, 8);
          std::memcpy(&wv, w, 8);
        } else {
          gv = halfToFloat(uint16_t(gb)), wv = halfToFloat(uint16_t(wb));
        }
        if (std::isnan(gv) || std::isnan(wv)) {
          ok = std::isnan(gv) && std::isnan(wv);
        } else if (opt.rtol >= 0) {
          ok = std::fabs(gv - wv) <= opt.rtol * std::max(std::fabs(gv), std::fabs(wv)) || gv == wv;
        } else {
          int width = int(size * 8);
          ok = std::llabs(ordered(gb, width) - ordered(wb, width)) <= int64_t(opt.ulp);
        }
      } else {
        ok = std::memcmp(g, w, size) == 0;
        gv = integerValue(g, scalar), wv = integerValue(w, scalar); // for the message
      }
      if (!ok && bad++ == 0)
        first = "element " + std::to_string(e) + " component " + std::to_string(k) + ": gpu " +
                std::to_string(gv) + " cpu " + std::to_string(wv);
    }
  }
  return bad;
}

// Sorts the rows (one element of each array in `outs`, all of one count) of
// `data` (one buffer per array) by their bytes, in place.
void sortRows(const std::vector<const Array *> &outs, std::vector<std::vector<char> *> data) {
  uint64_t n = outs.front()->count;
  std::vector<uint64_t> order(n);
  for (uint64_t r = 0; r < n; ++r)
    order[r] = r;
  auto less = [&](uint64_t x, uint64_t y) {
    for (size_t k = 0; k < outs.size(); ++k) {
      uint64_t es = outs[k]->elementSize();
      if (int c = std::memcmp(data[k]->data() + x * es, data[k]->data() + y * es, es))
        return c < 0;
    }
    return false;
  };
  std::stable_sort(order.begin(), order.end(), less);
  for (size_t k = 0; k < outs.size(); ++k) {
    uint64_t es = outs[k]->elementSize();
    std::vector<char> sorted(data[k]->size());
    for (uint64_t r = 0; r < n; ++r)
      std::memcpy(sorted.data() + r * es, data[k]->data() + order[r] * es, es);
    *data[k] = std::move(sorted);
  }
}

float launchOnce(const Launch &l, CUfunction fn, std::vector<Array> &arrays,
                 const std::vector<Object> &objects, const Options &opt, int sms, CUevent start,
                 CUevent stop) {
  LaunchArg launch{{l.dims[0], l.dims[1], l.dims[2], l.dims[3]}, l.total()};
  std::vector<std::vector<char>> args = relocatedArgs(l, arrays, objects);
  std::vector<void *> params{&launch};
  for (auto &a : args)
    params.push_back(a.data());
  if (launch.total == 0)
    return 0;
  // Grid-stride: a lane kernel's blocks stay whole in every round, as the
  // total is a multiple of the block (readBundle checks it).
  unsigned block = l.threadsPerBlock(opt.block);
  uint64_t blocks = (uint64_t(launch.total) + block - 1) / block;
  unsigned grid = unsigned(std::min<uint64_t>(blocks, uint64_t(sms) * 32));
  CU(cuEventRecord(start, nullptr));
  CU(cuLaunchKernel(fn, grid, 1, 1, block, 1, 1, 0, nullptr, params.data(), nullptr));
  CU(cuEventRecord(stop, nullptr));
  CU(cuEventSynchronize(stop));
  float ms = 0;
  CU(cuEventElapsedTime(&ms, start, stop));
  return ms;
}

float median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 3)
    die("usage: kdsl-gpu-run MODULE.ptx|MODULE.cubin BUNDLE_DIR [--ulp N] [--rtol R] "
        "[--unordered A,B] [--block B] [--repeat K] [--stream-bench N]");
  std::string modulePath = argv[1], dir = argv[2];
  Options opt;
  for (int i = 3; i < argc; ++i) {
    std::string a = argv[i];
    if (i + 1 >= argc)
      die("missing value after " + a);
    const char *v = argv[++i];
    if (a == "--unordered") {
      std::string list = v;
      for (size_t at = 0; at <= list.size();) {
        size_t comma = std::min(list.find(',', at), list.size());
        opt.unordered.push_back(list.substr(at, comma - at));
        at = comma + 1;
      }
      continue;
    }
    char *end = nullptr;
    double number = std::strtod(v, &end);
    if (end == v || *end || number < 0)
      die(a + " needs a non-negative number, got '" + v + "'");
    if (a == "--ulp")
      opt.ulp = number;
    else if (a == "--rtol")
      opt.rtol = number;
    else if (a == "--block" && number >= 1 && number <= 1024)
      opt.block = unsigned(number);
    else if (a == "--block")
      die("--block must be 1 to 1024");
    else if (a == "--repeat")
      opt.repeat = unsigned(number);
    else if (a == "--stream-bench")
      opt.streamN = uint64_t(number);
    else
      die("unknown option " + a);
  }
  if (opt.repeat == 0)
    die("--repeat must be at least 1");

  Bundle b = readBundle(dir + "/bundle.bin");
  std::vector<std::vector<char>> expected = readExpected(dir + "/expected.bin", b);
  std::vector<char> image = readFile(modulePath);
  image.push_back('\0'); // PTX text must be NUL-terminated

  CU(cuInit(0));
  CUdevice dev;
  CU(cuDeviceGet(&dev, 0));
  CUcontext ctx;
  CU(cuDevicePrimaryCtxRetain(&ctx, dev));
  CU(cuCtxSetCurrent(ctx));
  int sms = 0;
  CU(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev));
  // Load with the JIT's error log, so a PTX the driver rejects says why.
  CUmodule module;
  char jitLog[8192] = {0};
  CUjit_option jitOptions[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *jitValues[] = {jitLog, reinterpret_cast<void *>(uintptr_t(sizeof(jitLog) - 1))};
  CUresult loaded = cuModuleLoadDataEx(&module, image.data(), 2, jitOptions, jitValues);
  if (loaded != CUDA_SUCCESS) {
    std::fprintf(stderr, "%s", jitLog);
    check(loaded, ("loading " + modulePath).c_str());
  }
  std::vector<CUfunction> fns;
  for (const Launch &l : b.launches) {
    std::string entry = l.entry();
    CUfunction fn;
    if (cuModuleGetFunction(&fn, module, entry.c_str()) != CUDA_SUCCESS)
      die("no entry point '" + entry + "' in " + modulePath);
    fns.push_back(fn);
  }
  for (Array &a : b.arrays) {
    CUdeviceptr p;
    CU(cuMemAlloc(&p, std::max<uint64_t>(a.byteSize(), 1)));
    a.device = p;
    if (a.byteSize())
      CU(cuMemcpyHtoD(p, a.bytes.data(), a.byteSize()));
  }
  // The objects (hash grids, BVHs, meshes, volumes) as the CPU built them:
  // every buffer allocated first, then copied with its pointers relocated.
  for (Object &o : b.objects) {
    for (size_t i = 0; i < o.buffers.size(); ++i) {
      CUdeviceptr p;
      CU(cuMemAlloc(&p, std::max<uint64_t>(o.buffers[i].size(), 1)));
      o.device[i] = p;
    }
    std::vector<std::vector<char>> buffers = relocatedBuffers(o, b.arrays);
    for (size_t i = 0; i < buffers.size(); ++i)
      if (!buffers[i].empty())
        CU(cuMemcpyHtoD(CUdeviceptr(o.device[i]), buffers[i].data(), buffers[i].size()));
  }
  CUevent start, stop;
  CU(cuEventCreate(&start, CU_EVENT_DEFAULT));
  CU(cuEventCreate(&stop, CU_EVENT_DEFAULT));

  // Results: the launches once, in order, from the bundle's initial arrays.
  for (size_t li = 0; li < b.launches.size(); ++li)
    launchOnce(b.launches[li], fns[li], b.arrays, b.objects, opt, sms, start, stop);
  CU(cuCtxSynchronize());
  // As kdsl-run: the gradients of arrays a launch wrote are reset.
  for (uint32_t g : b.resetAfter)
    CU(cuMemsetD8(CUdeviceptr(b.arrays[g].device), 0, b.arrays[g].byteSize()));
  std::vector<std::vector<char>> results(b.outputs.size());
  for (size_t i = 0; i < b.outputs.size(); ++i) {
    Array &a = b.arrays[b.outputs[i].array];
    results[i].resize(a.byteSize());
    if (a.byteSize())
      CU(cuMemcpyDtoH(results[i].data(), CUdeviceptr(a.device), a.byteSize()));
  }
  if (!opt.unordered.empty()) {
    std::vector<const Array *> outs;
    std::vector<std::vector<char> *> got, want;
    for (const std::string &name : opt.unordered) {
      size_t i = 0;
      while (i < b.outputs.size() && (b.outputs[i].grad || b.outputs[i].name != name))
        ++i;
      if (i == b.outputs.size())
        die("--unordered: no output named '" + name + "'");
      outs.push_back(&b.arrays[b.outputs[i].array]);
      if (outs.back()->count != outs.front()->count || expected[i].size() != results[i].size())
        die("--unordered: '" + name + "' differs in length from the others");
      got.push_back(&results[i]);
      want.push_back(&expected[i]);
    }
    sortRows(outs, got);
    sortRows(outs, want);
  }
  unsigned failed = 0;
  for (size_t i = 0; i < b.outputs.size(); ++i) {
    const Output &o = b.outputs[i];
    Array &a = b.arrays[o.array];
    std::vector<char> &got = results[i];
    std::string first;
    uint64_t bad = expected[i].size() != got.size()
                       ? 1
                       : compare(a, got.data(), expected[i].data(), opt, first);
    failed += bad != 0;
    std::printf("{\"%s\": \"%s\", \"dtype\": \"%s\", \"ok\": %s, \"mismatches\": %llu%s%s%s}\n",
                o.grad ? "grad" : "output", o.name.c_str(), scalarName(a.scalar),
                bad ? "false" : "true", (unsigned long long)bad, bad ? ", \"first\": \"" : "",
                first.c_str(), bad ? "\"" : "");
  }

  // Timing: each launch again, --repeat times.
  for (size_t li = 0; li < b.launches.size(); ++li) {
    std::vector<float> times;
    for (unsigned k = 0; k < opt.repeat; ++k)
      times.push_back(
          launchOnce(b.launches[li], fns[li], b.arrays, b.objects, opt, sms, start, stop));
    std::printf("{\"launch\": %zu, \"entry\": \"%s\", \"threads\": %lld, \"block\": %u, "
                "\"median_ms\": %.4f}\n",
                li, b.launches[li].entry().c_str(), (long long)b.launches[li].total(),
                b.launches[li].threadsPerBlock(opt.block), median(times));
  }

  if (opt.streamN && !b.launches.empty()) {
    Launch l = b.launches.front();
    std::vector<Array> big = b.arrays;
    uint64_t bytesMoved = 0, largest = 0;
    std::vector<bool> counted(big.size(), false);
    for (const Use &u : l.uses) {
      Array &a = big[u.array];
      int64_t shape[4];
      std::memcpy(shape, l.args[u.arg].data() + u.offset + 8, sizeof(shape));
      if (shape[1] != 0)
        die("--stream-bench needs 1-d array arguments");
      int64_t n = int64_t(opt.streamN), stride = int64_t(a.elementSize());
      std::memcpy(l.args[u.arg].data() + u.offset + 8, &n, 8);       // shape[0]
      std::memcpy(l.args[u.arg].data() + u.offset + 40, &stride, 8); // strides[0]
      if (!counted[u.array]) {
        counted[u.array] = true;
        a.count = opt.streamN;
        CUdeviceptr p;
        CU(cuMemAlloc(&p, a.byteSize()));
        CU(cuMemsetD8(p, 0, a.byteSize()));
        a.device = p;
        bytesMoved += a.byteSize();
        largest = std::max(largest, a.byteSize());
      }
    }
    l.dims[0] = int64_t(opt.streamN);
    l.dims[1] = l.dims[2] = l.dims[3] = 1;
    std::vector<float> kernelMs, copyMs;
    CUdeviceptr src, dst;
    CU(cuMemAlloc(&src, largest));
    CU(cuMemAlloc(&dst, largest));
    CU(cuMemsetD8(src, 0, largest));
    for (unsigned k = 0; k < std::max(opt.repeat, 5u); ++k) {
      kernelMs.push_back(launchOnce(l, fns.front(), big, b.objects, opt, sms, start, stop));
      CU(cuEventRecord(start, nullptr));
      CU(cuMemcpyDtoD(dst, src, largest));
      CU(cuEventRecord(stop, nullptr));
      CU(cuEventSynchronize(stop));
      float ms = 0;
      CU(cuEventElapsedTime(&ms, start, stop));
      copyMs.push_back(ms);
    }
    double kernelGBs = bytesMoved / (median(kernelMs) * 1e-3) / 1e9;
    double copyGBs = 2.0 * largest / (median(copyMs) * 1e-3) / 1e9;
    std::printf(
        "{\"stream_bench\": \"%s\", \"n\": %llu, \"kernel_ms\": %.4f, \"kernel_GBps\": %.1f, "
        "\"d2d_copy_ms\": %.4f, \"d2d_copy_GBps\": %.1f, \"ratio\": %.3f}\n",
        l.kernel.c_str(), (unsigned long long)opt.streamN, median(kernelMs), kernelGBs,
        median(copyMs), copyGBs, kernelGBs / copyGBs);
  }
  std::printf("{\"summary\": \"%s\", \"module\": \"%s\", \"outputs\": %zu, \"failed\": %u}\n",
              dir.c_str(), modulePath.c_str(), b.outputs.size(), failed);
  return failed ? 1 : 0;
}
