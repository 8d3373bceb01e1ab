// kdsl-gpu-run: runs a kdsl bundle (docs/gpu-suite.md) on an NVIDIA GPU with
// the CUDA driver API and compares the outputs with the CPU's.
//
//   kdsl-gpu-run MODULE.ptx|MODULE.cubin BUNDLE_DIR [--ulp N] [--rtol R]
//                [--block B] [--repeat K] [--stream-bench N]
//
// Needs only the CUDA driver and toolkit (no LLVM/MLIR):
//   nvcc -O2 -std=c++17 -o kdsl-gpu-run kdsl-gpu-run.cpp -lcuda
//
// 1. Loads the module (PTX is JIT-compiled by the driver for this GPU).
// 2. Copies every array of the bundle to the device, then runs the launches in
//    order: entry point <kernel>_cuda_kernel_forward(kdsl_launch, args...),
//    arguments by value in C layout with the array descriptors' data fields
//    set to device addresses; a grid-stride launch of B threads per block.
// 3. Copies the outputs back and compares them with expected.bin: integers and
//    bools exactly, floats within --ulp units in the last place (default 2)
//    or, with --rtol R, within R relative to the larger magnitude (for float
//    atomics, whose order of additions differs from the CPU's).
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

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

[[noreturn]] void die(const std::string &message) {
  std::fprintf(stderr, "kdsl-gpu-run: error: %s\n", message.c_str());
  std::exit(2);
}

void check(CUresult r, const char *what) {
  if (r == CUDA_SUCCESS)
    return;
  const char *name = nullptr, *text = nullptr;
  cuGetErrorName(r, &name);
  cuGetErrorString(r, &text);
  die(std::string(what) + ": " + (name ? name : "?") + " (" + (text ? text : "?") + ")");
}
#define CU(call) check((call), #call)

std::vector<char> readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    die("cannot read '" + path + "'");
  return std::vector<char>(std::istreambuf_iterator<char>(in), {});
}

struct Reader {
  const std::vector<char> &data;
  size_t pos = 0;
  std::string file;
  const char *take(size_t n) {
    if (n > data.size() - pos)
      die(file + ": truncated at byte " + std::to_string(pos));
    pos += n;
    return data.data() + pos - n;
  }
  uint32_t u32() {
    uint32_t v;
    std::memcpy(&v, take(4), 4);
    return v;
  }
  uint64_t u64() {
    uint64_t v;
    std::memcpy(&v, take(8), 8);
    return v;
  }
  std::string str() {
    uint32_t n = u32();
    return std::string(take(n), n);
  }
  void magic(const char *m) {
    if (std::memcmp(take(8), m, 8) != 0)
      die(file + ": not a " + m + " file");
  }
};

// ScalarKind of include/kdsl/Runtime/ValueLayout.h.
enum Scalar { Bool, I8, I16, I32, I64, U8, U16, U32, U64, F16, F32, F64, NumScalars };
const unsigned kScalarSize[NumScalars] = {1, 1, 2, 4, 8, 1, 2, 4, 8, 2, 4, 8};
const char *const kScalarName[NumScalars] = {"bool",   "int8",   "int16",   "int32",
                                              "int64",  "uint8",  "uint16",  "uint32",
                                              "uint64", "float16", "float32", "float64"};

struct Array {
  uint32_t scalar, components;
  uint64_t count;
  std::vector<char> bytes;
  uint64_t byteSize() const { return count * components * kScalarSize[scalar]; }
  CUdeviceptr device = 0;
};
struct Use {
  uint32_t arg;
  uint64_t offset;
  uint32_t array;
};
struct Launch {
  std::string kernel;
  int64_t dims[4];
  std::vector<std::vector<char>> args;
  std::vector<Use> uses;
  CUfunction fn = nullptr;
};
struct Output {
  std::string name;
  uint32_t array;
};
struct Bundle {
  std::vector<Array> arrays;
  std::vector<Launch> launches;
  std::vector<Output> outputs;
};

// The kdsl_launch struct of docs/gpu-abi.md.
struct KdslLaunch {
  int64_t dims[4];
  int64_t total;
};
// The kdsl_array descriptor: data, shape[4], strides[4].
constexpr size_t kDescriptorSize = 72;

Bundle readBundle(const std::string &dir) {
  std::vector<char> data = readFile(dir + "/bundle.bin");
  Reader r{data, 0, dir + "/bundle.bin"};
  r.magic("KDSLBND1");
  Bundle b;
  b.arrays.resize(r.u32());
  for (Array &a : b.arrays) {
    a.scalar = r.u32();
    r.u32(); // family: printing only
    a.components = r.u32();
    a.components *= r.u32();
    uint32_t ndim = r.u32();
    a.count = 1;
    for (uint32_t d = 0; d < ndim; ++d)
      a.count *= r.u64();
    if (a.scalar >= NumScalars)
      die(r.file + ": unknown scalar kind " + std::to_string(a.scalar));
    const char *p = r.take(a.byteSize());
    a.bytes.assign(p, p + a.byteSize());
  }
  b.launches.resize(r.u32());
  for (Launch &l : b.launches) {
    l.kernel = r.str();
    for (int64_t &d : l.dims)
      d = int64_t(r.u64());
    l.args.resize(r.u32());
    for (auto &arg : l.args) {
      uint32_t n = r.u32();
      const char *p = r.take(n);
      arg.assign(p, p + n);
    }
    l.uses.resize(r.u32());
    for (Use &u : l.uses) {
      u.arg = r.u32();
      u.offset = r.u64();
      u.array = r.u32();
      if (u.arg >= l.args.size() || u.array >= b.arrays.size() ||
          u.offset + kDescriptorSize > l.args[u.arg].size())
        die(r.file + ": bad array use in launch of '" + l.kernel + "'");
    }
  }
  b.outputs.resize(r.u32());
  for (Output &o : b.outputs) {
    o.name = r.str();
    o.array = r.u32();
    if (o.array >= b.arrays.size())
      die(r.file + ": bad output '" + o.name + "'");
  }
  return b;
}

std::vector<std::vector<char>> readExpected(const std::string &dir, size_t n) {
  std::vector<char> data = readFile(dir + "/expected.bin");
  Reader r{data, 0, dir + "/expected.bin"};
  r.magic("KDSLEXP1");
  if (r.u32() != n)
    die(r.file + ": output count differs from bundle.bin");
  std::vector<std::vector<char>> out(n);
  for (auto &o : out) {
    uint64_t size = r.u64();
    const char *p = r.take(size);
    o.assign(p, p + size);
  }
  return out;
}

double halfToDouble(uint16_t h) {
  int exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  double v = exp == 0 ? std::ldexp(mant, -24)
             : exp == 31 ? (mant ? NAN : INFINITY)
                         : std::ldexp(mant | 0x400, exp - 25);
  return (h & 0x8000) ? -v : v;
}

// Signed distance in units in the last place (ordered integer encoding).
int64_t ordered(int64_t bits, int width) {
  int64_t sign = int64_t(1) << (width - 1);
  return (bits & sign) ? -(bits & (sign - 1)) : bits;
}

struct Options {
  double ulp = 2, rtol = -1;
  unsigned block = 256, repeat = 20;
  uint64_t streamN = 0;
};

// Compares element scalars; returns the number of mismatches and the first.
uint64_t compare(const Array &a, const char *got, const char *want, const Options &opt,
                 std::string &first) {
  uint64_t n = a.count * a.components, bad = 0;
  unsigned size = kScalarSize[a.scalar];
  for (uint64_t i = 0; i < n; ++i) {
    const char *g = got + i * size, *w = want + i * size;
    bool ok;
    double gv = 0, wv = 0;
    if (a.scalar == F32 || a.scalar == F64 || a.scalar == F16) {
      int64_t gb = 0, wb = 0;
      std::memcpy(&gb, g, size);
      std::memcpy(&wb, w, size);
      if (a.scalar == F32) {
        float gf, wf;
        std::memcpy(&gf, g, 4);
        std::memcpy(&wf, w, 4);
        gv = gf, wv = wf;
      } else if (a.scalar == F64) {
        std::memcpy(&gv, g, 8);
        std::memcpy(&wv, w, 8);
      } else {
        gv = halfToDouble(uint16_t(gb)), wv = halfToDouble(uint16_t(wb));
      }
      if (std::isnan(gv) || std::isnan(wv)) {
        ok = std::isnan(gv) && std::isnan(wv);
      } else if (opt.rtol >= 0) {
        ok = std::fabs(gv - wv) <= opt.rtol * std::max(std::fabs(gv), std::fabs(wv)) ||
             gv == wv;
      } else {
        int width = int(size * 8);
        ok = std::llabs(ordered(gb, width) - ordered(wb, width)) <= int64_t(opt.ulp);
      }
    } else {
      ok = std::memcmp(g, w, size) == 0;
    }
    if (!ok && bad++ == 0)
      first = "element " + std::to_string(i / a.components) + " component " +
              std::to_string(i % a.components) + ": gpu " + std::to_string(gv) + " cpu " +
              std::to_string(wv);
  }
  return bad;
}

float launchOnce(Launch &l, std::vector<Array> &arrays, const Options &opt, int sms,
                 CUevent start, CUevent stop) {
  KdslLaunch launch;
  launch.total = 1;
  for (int d = 0; d < 4; ++d) {
    launch.dims[d] = l.dims[d];
    launch.total *= l.dims[d];
  }
  std::vector<std::vector<char>> args = l.args;
  for (const Use &u : l.uses) {
    uint64_t address = arrays[u.array].device;
    std::memcpy(args[u.arg].data() + u.offset, &address, sizeof(address));
  }
  std::vector<void *> params{&launch};
  for (auto &a : args)
    params.push_back(a.data());
  if (launch.total == 0)
    return 0;
  uint64_t blocks = (uint64_t(launch.total) + opt.block - 1) / opt.block;
  unsigned grid = unsigned(std::min<uint64_t>(blocks, uint64_t(sms) * 32));
  CU(cuEventRecord(start, nullptr));
  CU(cuLaunchKernel(l.fn, grid, 1, 1, opt.block, 1, 1, 0, nullptr, params.data(), nullptr));
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
        "[--block B] [--repeat K] [--stream-bench N]");
  std::string modulePath = argv[1], dir = argv[2];
  Options opt;
  for (int i = 3; i < argc; ++i) {
    std::string a = argv[i];
    if (i + 1 >= argc)
      die("missing value after " + a);
    const char *v = argv[++i];
    if (a == "--ulp")
      opt.ulp = std::atof(v);
    else if (a == "--rtol")
      opt.rtol = std::atof(v);
    else if (a == "--block")
      opt.block = unsigned(std::atoi(v));
    else if (a == "--repeat")
      opt.repeat = unsigned(std::atoi(v));
    else if (a == "--stream-bench")
      opt.streamN = std::strtoull(v, nullptr, 10);
    else
      die("unknown option " + a);
  }
  if (opt.block == 0 || opt.block > 1024)
    die("--block must be 1 to 1024");

  Bundle b = readBundle(dir);
  std::vector<std::vector<char>> expected = readExpected(dir, b.outputs.size());
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
  CUmodule module;
  CU(cuModuleLoadData(&module, image.data()));
  for (Launch &l : b.launches) {
    std::string entry = l.kernel + "_cuda_kernel_forward";
    CUresult r = cuModuleGetFunction(&l.fn, module, entry.c_str());
    if (r != CUDA_SUCCESS)
      die("no entry point '" + entry + "' in " + modulePath);
  }
  for (Array &a : b.arrays) {
    CU(cuMemAlloc(&a.device, std::max<uint64_t>(a.byteSize(), 1)));
    if (a.byteSize())
      CU(cuMemcpyHtoD(a.device, a.bytes.data(), a.byteSize()));
  }
  CUevent start, stop;
  CU(cuEventCreate(&start, CU_EVENT_DEFAULT));
  CU(cuEventCreate(&stop, CU_EVENT_DEFAULT));

  // Results: the launches once, in order, from the bundle's initial arrays.
  for (Launch &l : b.launches)
    launchOnce(l, b.arrays, opt, sms, start, stop);
  CU(cuCtxSynchronize());
  unsigned failed = 0;
  for (size_t i = 0; i < b.outputs.size(); ++i) {
    const Output &o = b.outputs[i];
    Array &a = b.arrays[o.array];
    std::vector<char> got(a.byteSize());
    if (a.byteSize())
      CU(cuMemcpyDtoH(got.data(), a.device, a.byteSize()));
    std::string first;
    uint64_t bad = expected[i].size() != got.size()
                       ? 1
                       : compare(a, got.data(), expected[i].data(), opt, first);
    failed += bad != 0;
    std::printf("{\"output\": \"%s\", \"dtype\": \"%s\", \"ok\": %s, \"mismatches\": %llu%s%s%s}\n",
                o.name.c_str(), kScalarName[a.scalar], bad ? "false" : "true",
                (unsigned long long)bad, bad ? ", \"first\": \"" : "", first.c_str(),
                bad ? "\"" : "");
  }

  // Timing: each launch again, --repeat times.
  for (size_t li = 0; li < b.launches.size(); ++li) {
    std::vector<float> times;
    for (unsigned k = 0; k < opt.repeat; ++k)
      times.push_back(launchOnce(b.launches[li], b.arrays, opt, sms, start, stop));
    std::printf("{\"launch\": %zu, \"kernel\": \"%s\", \"threads\": %lld, \"median_ms\": %.4f}\n",
                li, b.launches[li].kernel.c_str(),
                (long long)(b.launches[li].dims[0] * b.launches[li].dims[1] *
                            b.launches[li].dims[2] * b.launches[li].dims[3]),
                median(times));
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
      int64_t n = int64_t(opt.streamN), stride = int64_t(a.components * kScalarSize[a.scalar]);
      std::memcpy(l.args[u.arg].data() + u.offset + 8, &n, 8);      // shape[0]
      std::memcpy(l.args[u.arg].data() + u.offset + 40, &stride, 8); // strides[0]
      if (!counted[u.array]) {
        counted[u.array] = true;
        a.count = opt.streamN;
        CU(cuMemAlloc(&a.device, a.byteSize()));
        CU(cuMemsetD8(a.device, 0, a.byteSize()));
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
      kernelMs.push_back(launchOnce(l, big, opt, sms, start, stop));
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
    std::printf("{\"stream_bench\": \"%s\", \"n\": %llu, \"kernel_ms\": %.4f, \"kernel_GBps\": %.1f, "
                "\"d2d_copy_ms\": %.4f, \"d2d_copy_GBps\": %.1f, \"ratio\": %.3f}\n",
                l.kernel.c_str(), (unsigned long long)opt.streamN, median(kernelMs), kernelGBs,
                median(copyMs), copyGBs, kernelGBs / copyGBs);
  }
  std::printf("{\"summary\": \"%s\", \"module\": \"%s\", \"outputs\": %zu, \"failed\": %u}\n",
              dir.c_str(), modulePath.c_str(), b.outputs.size(), failed);
  return failed ? 1 : 0;
}
